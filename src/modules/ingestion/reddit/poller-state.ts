import type { IdRange } from './id-ranges.js';
import type { ListingKind } from './reddit-id.js';

/** The newest item a listing has delivered, as a fullname and as its base-36 number. */
export interface HighWaterMark {
  fullname: string;
  numericId: number;
}

export interface ListingState {
  mark: HighWaterMark | null;
  /** Ids below the mark that no listing returned and that were not looked up yet. */
  pendingHoles: IdRange[];
}

/** Running totals since the state was created, for logs and metrics. */
export interface CoverageCounters {
  itemsSeen: number;
  pagesFetched: number;
  holesFound: number;
  holesFilled: number;
  /** Looked up, but /api/info did not return them (removed, spam, private). */
  holesUnfilled: number;
  /** Too many pending holes: the oldest were given up without a lookup. */
  holesDropped: number;
  requestsUsed: number;
  /** Cycles cut short by a 429 or an exhausted budget. */
  rateLimitedCount: number;
  /** Cycles cut short by a 5xx or an unreachable Reddit. */
  unavailableCount: number;
}

export interface PollerState {
  listings: Record<ListingKind, ListingState>;
  coverage: CoverageCounters;
}

export interface PollerStateStore {
  load(): Promise<PollerState>;
  save(state: PollerState): Promise<void>;
}

export function emptyPollerState(): PollerState {
  return {
    listings: {
      posts: { mark: null, pendingHoles: [] },
      comments: { mark: null, pendingHoles: [] },
    },
    coverage: {
      itemsSeen: 0,
      pagesFetched: 0,
      holesFound: 0,
      holesFilled: 0,
      holesUnfilled: 0,
      holesDropped: 0,
      requestsUsed: 0,
      rateLimitedCount: 0,
      unavailableCount: 0,
    },
  };
}

/** Keeps the state in memory only: a fresh start after every process restart. */
export class InMemoryPollerStateStore implements PollerStateStore {
  private state = emptyPollerState();

  load(): Promise<PollerState> {
    return Promise.resolve(structuredClone(this.state));
  }

  save(state: PollerState): Promise<void> {
    this.state = structuredClone(state);
    return Promise.resolve();
  }
}
