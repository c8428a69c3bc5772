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
 * Files the backfill of each keyword created or restored with `backfill_hours`, in the creation's
 * transaction: the last N hours of the window up to that moment.
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
        toMs: now + 1,
        dailyCap,
      }));
    return this.backfills.file(manager, requests, now);
  }
}
