import type { RedditItem } from '../../reddit-item.js';
import type { WalkAsk } from '../id-walk.js';
import { askSize } from '../id-walk.js';
import { INFO_BATCH_SIZE } from '../reddit-api.js';
import type { ListingKind } from '../reddit-id.js';
import { fullnameOf, itemKind, itemNumber, numberToId } from '../reddit-id.js';
import type { KindWalks } from './kind-walks.js';
import { KINDS } from './kind-walks.js';

/** The ids of one /api/info request, by why each is asked. */
export interface InfoBatch {
  /** Parent posts of held comments (base-36 ids). */
  parents: string[];
  asks: Record<ListingKind, WalkAsk>;
  /** Ids ahead of the walks (only in a look ahead). */
  ahead: Record<ListingKind, number[]>;
  /** What the request sends, each once: parents, then the walks' ids, then the ids ahead. */
  fullnames: string[];
  /** Fullnames the walks asked (live, retry, backfill), and those ahead of them. */
  walkIdsAsked: number;
  aheadIdsAsked: number;
}

export interface InfoBatchOutcome {
  /** Items the poller meets for the first time, posts first, each kind in the answer's order. */
  fresh: RedditItem[];
  idsAbsentOnce: number;
  idsGivenUp: number;
  /** Per kind, ids Reddit had surely created that were asked, and how many of them it returned. */
  visibility: Record<ListingKind, { asked: number; found: number }>;
}

/**
 * Packs one /api/info request: `parents` first, then each walk's live ids and due retries, then
 * (when it is a look ahead) the ids ahead of the walks, then backfill in the room left.
 */
export function packInfoBatch(
  walks: KindWalks,
  parents: readonly string[],
  lookAhead: boolean,
  now: number,
): InfoBatch {
  const asked = parents.slice(0, INFO_BATCH_SIZE);
  let room = INFO_BATCH_SIZE - asked.length;
  const asks = {} as Record<ListingKind, WalkAsk>;
  for (const kind of KINDS) {
    asks[kind] = walks[kind].pack(now, room, { live: true, retry: false, backfill: false });
    room -= askSize(asks[kind]);
  }
  for (const kind of KINDS) {
    const only = { live: false, retry: true, backfill: false };
    asks[kind].retry = walks[kind].pack(now, room, only).retry;
    room -= asks[kind].retry.length;
  }
  const ahead = lookAhead ? packAhead(walks, now, room) : { posts: [], comments: [] };
  room -= ahead.posts.length + ahead.comments.length;
  for (const kind of KINDS) {
    const only = { live: false, retry: false, backfill: true };
    asks[kind].backfill = walks[kind].pack(now, room, only).backfill;
    room -= asks[kind].backfill.length;
  }
  const fullnamesOf = (ids: Record<ListingKind, number[]>) =>
    KINDS.flatMap((kind) => ids[kind].map((id) => fullnameOf(kind, numberToId(id))));
  const walkFullnames = fullnamesOf({
    posts: [...asks.posts.live, ...asks.posts.retry, ...asks.posts.backfill],
    comments: [...asks.comments.live, ...asks.comments.retry, ...asks.comments.backfill],
  });
  const aheadFullnames = fullnamesOf(ahead);
  const parentFullnames = asked.map((id) => fullnameOf('posts', id));
  return {
    parents: asked,
    asks,
    ahead,
    fullnames: [...new Set([...parentFullnames, ...walkFullnames, ...aheadFullnames])],
    walkIdsAsked: walkFullnames.length,
    aheadIdsAsked: aheadFullnames.length,
  };
}

/**
 * When the retried ids of `batch` were first asked (read before settleInfoBatch forgets them):
 * for the stage clocks, an item found at its second ask was asked at its first.
 */
export function retryAskTimes(
  walks: KindWalks,
  batch: InfoBatch,
): (item: RedditItem) => number | undefined {
  const times = new Map<string, number>();
  for (const kind of KINDS) {
    for (const id of batch.asks[kind].retry) {
      const at = walks[kind].firstAskedAt(id);
      if (at !== null) times.set(fullnameOf(kind, numberToId(id)), at);
    }
  }
  return (item) => times.get(fullnameOf(itemKind(item), numberToId(itemNumber(item))));
}

/**
 * Applies an /api/info answer to the walks: the asked ids found are met, the absent ones go to
 * their retry or are given up. An item of a walk that has begun counts as fresh even unasked.
 */
export function settleInfoBatch(
  walks: KindWalks,
  batch: InfoBatch,
  items: readonly RedditItem[],
  now: number,
): InfoBatchOutcome {
  const outcome: InfoBatchOutcome = {
    fresh: [],
    idsAbsentOnce: 0,
    idsGivenUp: 0,
    visibility: { posts: { asked: 0, found: 0 }, comments: { asked: 0, found: 0 } },
  };
  for (const kind of KINDS) {
    const walk = walks[kind];
    const ask = batch.asks[kind];
    const ahead = batch.ahead[kind];
    const asked = new Set([...ask.live, ...ask.retry, ...ask.backfill, ...ahead]);
    const ofKind = items.filter((item) => itemKind(item) === kind);
    const found = new Set(ofKind.map(itemNumber).filter((id) => asked.has(id)));
    const settled = walk.settle(ask, found, now);
    // Each id counts once: found ahead (the walk then skips it), or at its live ask.
    const foundAhead = ahead.filter((id) => found.has(id)).length;
    outcome.visibility[kind] = {
      asked: ask.live.length + foundAhead,
      found: ask.live.filter((id) => found.has(id)).length + foundAhead,
    };
    outcome.idsAbsentOnce += settled.absentOnce;
    outcome.idsGivenUp += settled.givenUp;
    for (const item of ofKind) {
      const id = itemNumber(item);
      if (asked.has(id) || (walk.started && walk.isNew(id))) {
        walk.markFound(id);
        outcome.fresh.push(item);
      }
    }
  }
  return outcome;
}

/**
 * Up to `room` ids ahead of the walks that have begun, shared by each kind's id rate (at least
 * a tenth of it each; evenly while no rate is known), where new ids are likeliest.
 */
function packAhead(walks: KindWalks, now: number, room: number): Record<ListingKind, number[]> {
  const ahead: Record<ListingKind, number[]> = { posts: [], comments: [] };
  const begun = KINDS.filter((kind) => walks[kind].started);
  const rates = begun.map((kind) => walks[kind].timeline.idsPerSecond() ?? 0);
  const total = rates.reduce((sum, rate) => sum + rate, 0);
  const weights = rates.map((rate) => (total > 0 ? Math.max(rate, total / 10) : 1));
  let weightLeft = weights.reduce((sum, weight) => sum + weight, 0);
  let left = room;
  for (const [index, kind] of begun.entries()) {
    const share = Math.round((left * weights[index]) / weightLeft);
    ahead[kind] = walks[kind].packAhead(now, share);
    left -= ahead[kind].length;
    weightLeft -= weights[index];
  }
  return ahead;
}
