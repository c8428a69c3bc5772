import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  KeywordCreationSinks,
  type CreatedKeyword,
  type KeywordsCreatedSink,
} from '../keywords/keyword-creation-sinks.js';
import { BackfillStore } from './backfill.store.js';

const HOUR_MS = 3_600_000;
/**
 * A backfill reaches this far past the keyword's creation. A batch the pipeline matched just
 * before the keyword was committed (so without it) and stored just after is in the window after
 * the creation; live matching never looked at it with the keyword. The backfill does, and an item
 * live matching did alert on is not alerted twice (alerts are unique per keyword and item).
 */
export const BACKFILL_SETTLE_MS = 5_000;

/**
 * Files the backfill of each keyword created or restored with `backfill_hours`, in the creation's
 * transaction: the last N hours of the window up to that moment, and BACKFILL_SETTLE_MS past it.
 */
@Injectable()
export class BackfillFiler implements KeywordsCreatedSink {
  constructor(
    private readonly backfills: BackfillStore,
    sinks: KeywordCreationSinks,
  ) {
    sinks.connect(this);
  }

  onKeywordsCreated(
    manager: EntityManager,
    created: readonly CreatedKeyword[],
    now: number,
  ): Promise<void> {
    const requests = created
      .filter(({ backfillHours }) => backfillHours > 0)
      .map(({ keyword, backfillHours, dailyCap }) => ({
        keywordId: keyword.id,
        accountId: keyword.accountId,
        fromMs: now - backfillHours * HOUR_MS,
        toMs: now + BACKFILL_SETTLE_MS,
        dailyCap,
      }));
    return this.backfills.file(manager, requests, now);
  }
}
