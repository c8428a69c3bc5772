import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../common/time/clock.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { RecentItem } from './recent-item.js';
import {
  RecentItemStore,
  type CandidatePage,
  type TimeRange,
  type WeightedCandidate,
} from './recent-item.store.js';
import { windowSearch, type KeywordAnchors } from './window-search.js';

const HOUR_MS = 3_600_000;
/** Rows per delete (and per transaction) when pruning: short enough never to stall ingestion. */
export const PRUNE_BATCH_SIZE = 1_000;

/**
 * The recent window (decisions.md section 14) for preview and backfill: the items ingested in
 * the last RECENT_ITEMS_HOURS, found by a keyword's anchors (keywordAnchors). A candidate is
 * not a match: the live matcher verifies it (recentMatchInput gives what it read).
 */
@Injectable()
export class RecentWindow {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly store: RecentItemStore,
  ) {}

  /** RECENT_ITEMS_HOURS; 0 when the window is off (nothing is written, nothing found). */
  get hours(): number {
    return this.config.recentItemsHours;
  }

  /** The last `hours` (at most the window's) up to now, now included. */
  range(hours: number = this.hours): TimeRange {
    const toMs = this.clock.nowMs() + 1;
    return { fromMs: toMs - 1 - Math.min(hours, this.hours) * HOUR_MS, toMs };
  }

  /** How many items the window holds in the range. */
  itemsIn(range: TimeRange): Promise<number> {
    return this.store.countIn(range);
  }

  /**
   * A page of the items in the range that hold one of the anchors, newest first (or oldest first,
   * for a backfill): a superset of the items the keyword matches there.
   */
  candidates(
    anchors: KeywordAnchors,
    range: TimeRange,
    page: CandidatePage,
  ): Promise<RecentItem[]> {
    return this.store.candidates(windowSearch(anchors), range, page);
  }

  /** How many items `candidates` would give in all; with `atMost`, counting stops there. */
  countCandidates(anchors: KeywordAnchors, range: TimeRange, atMost?: number): Promise<number> {
    return this.store.countCandidates(windowSearch(anchors), range, atMost);
  }

  /**
   * About `size` of the candidates of the range, each with how many it stands for, where the
   * database has a cheaper way to them than the hours' newest (PostgreSQL); null otherwise.
   */
  sampleCandidates(
    anchors: KeywordAnchors,
    range: TimeRange,
    size: number,
  ): Promise<WeightedCandidate[] | null> {
    return this.store.sampleCandidates(windowSearch(anchors), range, size);
  }

  /** How many items `candidates` would give in each hour of the range, by the hour's start. */
  countCandidatesPerHour(anchors: KeywordAnchors, range: TimeRange): Promise<Map<number, number>> {
    return this.store.countCandidatesPerHour(windowSearch(anchors), range);
  }

  /** Deletes what has left the window, in batches; how many items went. */
  prune(): Promise<number> {
    return this.store.pruneOlderThan(this.clock.nowMs() - this.hours * HOUR_MS, PRUNE_BATCH_SIZE);
  }
}
