import type { ListingKind } from './reddit-id.js';
import type { WalkState } from './id-walk.js';
import { emptyWalkState } from './id-walk.js';

/** Running totals since the state was created, for logs and metrics. */
export interface CoverageCounters {
  /** Posts and comments handed to the ingestion pipeline. */
  itemsSeen: number;
  itemsFromListings: number;
  itemsFromInfo: number;
  listingRequests: number;
  infoRequests: number;
  /** Walk ids sent to /api/info (first asks, second asks and backfill). */
  idsAsked: number;
  /** Ids ahead of the walk sent to /api/info in room a request had left (KindWalk.packAhead). */
  idsAskedAhead: number;
  /** Absent at their first ask: asked once more later. */
  idsAbsentOnce: number;
  /** Absent at their second ask too: taken for never visible. */
  idsGivenUp: number;
  /** Given up unasked: more backlog than the poller keeps. */
  idsDropped: number;
  /** Parent posts asked on /api/info for comments whose post was not cached. */
  parentsAsked: number;
  parentsFound: number;
  /** Requests answered 429 (or refused because every credential was spent). */
  rateLimitedCount: number;
  /** Requests that met a 5xx or an unreachable Reddit. */
  unavailableCount: number;
}

export interface PollerState {
  walks: Record<ListingKind, WalkState>;
  coverage: CoverageCounters;
}

export interface PollerStateStore {
  load(): Promise<PollerState>;
  save(state: PollerState): Promise<void>;
}

export function emptyCoverage(): CoverageCounters {
  return {
    itemsSeen: 0,
    itemsFromListings: 0,
    itemsFromInfo: 0,
    listingRequests: 0,
    infoRequests: 0,
    idsAsked: 0,
    idsAskedAhead: 0,
    idsAbsentOnce: 0,
    idsGivenUp: 0,
    idsDropped: 0,
    parentsAsked: 0,
    parentsFound: 0,
    rateLimitedCount: 0,
    unavailableCount: 0,
  };
}

export function emptyPollerState(): PollerState {
  return {
    walks: { posts: emptyWalkState(), comments: emptyWalkState() },
    coverage: emptyCoverage(),
  };
}
