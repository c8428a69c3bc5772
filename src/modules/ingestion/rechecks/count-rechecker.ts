import type { Clock } from '../../../common/time/clock.js';
import type { IngestionPipeline, Match } from '../ingestion-pipeline.service.js';
import type { RedditItem } from '../reddit-item.js';
import { INFO_BATCH_SIZE, type RedditApi } from '../reddit/reddit-api.js';
import { isRedditBackoffError } from '../reddit/reddit-errors.js';
import { itemKey } from '../seen-items.store.js';
import { recheckPair, type CountRecheckStore, type RecheckRow } from './count-recheck.store.js';
import type { RecheckBudget } from './recheck-budget.js';

export interface RecheckTurn {
  /** Keyword × item rows looked at. */
  checked: number;
  alerts: number;
  requests: number;
}

export interface CountRecheckerDeps {
  api: RedditApi;
  store: CountRecheckStore;
  pipeline: Pick<IngestionPipeline, 'rematch' | 'storeRechecked'>;
  budget: RecheckBudget;
  clock: Clock;
  recorded(turn: RecheckTurn): void;
}

/** Due rows read at a time: enough for one request of 100 ids, posts and their comments' posts. */
const DUE_ROWS_READ = 500;
/**
 * After finding nothing due, the table is not read again for this long: the loop turns up to 20
 * times a second, and a row falls due an hour after its item was filed at the soonest.
 */
export const IDLE_LOOK_MS = 30_000;

/**
 * The re-checks of `score:` and `comments:` (decisions.md section 13): items that matched but
 * for their counts are fetched again through /api/info when due, 100 ids a request (a comment's
 * post rides along for its comment count), within RecheckBudget; matched again; each keyword that
 * now passes alerts once, through the pipeline's alert path. Run by the poller's loop, before
 * each poll, on the instance holding the poller lease: it shares the credentials' pacers.
 */
export class CountRechecker {
  private quietUntil = 0;

  constructor(private readonly deps: CountRecheckerDeps) {}

  async runDue(): Promise<RecheckTurn> {
    const { api, budget, clock, store } = this.deps;
    const turn: RecheckTurn = { checked: 0, alerts: 0, requests: 0 };
    try {
      for (;;) {
        const now = clock.nowMs();
        if (now < this.quietUntil) break;
        if (!budget.mayRequest(now) || api.availableRequests(now) < 1) break;
        const { rows, fullnames } = packRequest(await store.due(now, DUE_ROWS_READ));
        if (rows.length === 0) {
          this.quietUntil = now + IDLE_LOOK_MS;
          break;
        }
        budget.spent(now);
        turn.requests += 1;
        const items = await api.info(fullnames);
        turn.alerts += await this.settle(rows, items);
        turn.checked += rows.length;
      }
    } catch (error) {
      // Reddit asked to wait: the due rows stay due, the poller's back-off applies. Anything
      // else is the caller's to log; the table is looked at again after IDLE_LOOK_MS.
      if (!isRedditBackoffError(error)) {
        this.quietUntil = clock.nowMs() + IDLE_LOOK_MS;
        throw error;
      }
    } finally {
      this.deps.recorded(turn);
    }
    return turn;
  }

  private async settle(rows: readonly RecheckRow[], items: RedditItem[]): Promise<number> {
    const { matches, parents } = await this.deps.pipeline.rematch(items);
    const owed = new Set(rows.map((row) => recheckPair(row.keywordId, row.itemKey)));
    const passed: Match[] = [];
    for (const match of [...matches.values()].flat()) {
      if (owed.has(recheckPair(match.keyword.id, itemKey(match.item)))) passed.push(match);
    }
    return (await this.deps.pipeline.storeRechecked(passed, parents, rows)).alerts;
  }
}

/** The due rows one /api/info request covers: their items and comments' posts, 100 ids at most. */
export function packRequest(due: readonly RecheckRow[]): {
  rows: RecheckRow[];
  fullnames: string[];
} {
  const fullnames = new Set<string>();
  const rows: RecheckRow[] = [];
  for (const row of due) {
    const wanted = [row.itemKey, ...(row.postKey === null ? [] : [row.postKey])];
    const adding = wanted.filter((name) => !fullnames.has(name));
    if (fullnames.size + adding.length > INFO_BATCH_SIZE) break;
    for (const name of adding) fullnames.add(name);
    rows.push(row);
  }
  return { rows, fullnames: [...fullnames] };
}
