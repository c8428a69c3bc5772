import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/time/clock.js';
import type { IngestionPipeline, Match } from '../ingestion/ingestion-pipeline.service.js';
import type { ParentPostFields } from '../ingestion/reddit-item.js';
import type { KeywordEntity } from '../keywords/keyword.entity.js';
import { KeywordStore } from '../keywords/keyword.store.js';
import type { KeywordDefinition, KeywordFilters } from '../matching/keyword-definition.js';
import { KEYWORD_LIST_FIELDS } from '../matching/keyword-fields.js';
import { KeywordMatcher } from '../matching/keyword-matcher.js';
import { languageOptionsFor } from '../matching/language/language-options.js';
import { recentMatchInput } from '../recent-items/recent-item.js';
import { RecentWindow } from '../recent-items/recent-window.service.js';
import { keywordAnchors } from '../recent-items/window-search.js';
import { BackfillStore, type Backfill, type BackfillCursor } from './backfill.store.js';

/** Window items looked at per step: one transaction's alerts stay small. */
export const BACKFILL_PAGE = 500;

export interface BackfillStep {
  /** Window items looked at. */
  looked: number;
  alerts: number;
  capped: number;
  /** True when the backfill is over (or gone: the keyword was deleted or paused). */
  done: boolean;
  /** The backfill where this step left it; null when done, or moved on by someone else. */
  next: Backfill | null;
}

/**
 * One step of a keyword's backfill (decisions.md section 14): the next page of its window
 * candidates, oldest first, verified by the live matcher's code on each item as it was ingested;
 * the matches stored through the pipeline's alert path (cap, alerts, outbox, channels) in one
 * transaction with the backfill's progress. A crash between steps resumes after the last stored
 * page; an alert is never made twice, as alerts are unique per keyword and item.
 */
@Injectable()
export class KeywordBackfiller {
  constructor(
    private readonly backfills: BackfillStore,
    private readonly window: RecentWindow,
    private readonly keywords: KeywordStore,
    private readonly clock: Clock,
  ) {}

  async step(
    backfill: Backfill,
    pipeline: Pick<IngestionPipeline, 'storeBackfilled'>,
  ): Promise<BackfillStep> {
    const [keyword] = await this.keywords.findLiveByIds(backfill.accountId, [backfill.keywordId]);
    if (keyword === undefined || !keyword.active) {
      await pipeline.storeBackfilled([], new Map(), (manager) =>
        this.backfills.advance(manager, backfill.keywordId, backfill.after, null),
      );
      return { looked: 0, alerts: 0, capped: 0, done: true, next: null };
    }
    const definition = definitionOf(keyword);
    const page = await this.window.candidates(
      keywordAnchors(definition),
      { fromMs: backfill.fromMs, toMs: backfill.toMs },
      { limit: BACKFILL_PAGE, order: 'oldest', ...afterOf(backfill.after) },
    );
    const matcher = new KeywordMatcher([definition], await languageOptionsFor(definition.query));
    const matches: Match[] = [];
    const parents = new Map<string, ParentPostFields>();
    for (const recent of page) {
      if (matcher.match(recentMatchInput(recent)).length === 0) continue;
      matches.push({ keyword: definition, dailyCap: backfill.dailyCap, item: recent.item });
      if (recent.item.type === 'comment' && recent.foundParent !== undefined) {
        parents.set(recent.item.postId, recent.foundParent);
      }
    }
    // Over once the window holds nothing more in its range, and nothing more can come into it.
    const done = page.length < BACKFILL_PAGE && this.clock.nowMs() >= backfill.toMs;
    const last = page.at(-1);
    const next: BackfillCursor | null = done
      ? null
      : last === undefined
        ? backfill.after
        : { seenAt: last.seenAt, rowId: last.rowId };
    const summary = await pipeline.storeBackfilled(matches, parents, (manager) =>
      this.backfills.advance(manager, backfill.keywordId, backfill.after, next),
    );
    return {
      looked: page.length,
      alerts: summary?.alerts ?? 0,
      capped: summary?.capped ?? 0,
      done: done && summary !== null,
      next:
        next === null || summary === null || page.length < BACKFILL_PAGE
          ? null
          : { ...backfill, after: next },
    };
  }
}

/** Where the next page starts: nothing before the first page. */
function afterOf(cursor: BackfillCursor): { after?: BackfillCursor } {
  return cursor.rowId === 0 ? {} : { after: cursor };
}

/** The keyword as the live index reads it. */
export function definitionOf(keyword: KeywordEntity): KeywordDefinition {
  const filters = Object.fromEntries(
    KEYWORD_LIST_FIELDS.map((field) => [field, keyword[field]]),
  ) as unknown as KeywordFilters;
  return {
    id: keyword.id,
    accountId: keyword.accountId,
    text: keyword.text,
    mode: keyword.mode,
    trackPosts: keyword.trackPosts,
    trackComments: keyword.trackComments,
    filters,
    query: keyword.query,
  };
}
