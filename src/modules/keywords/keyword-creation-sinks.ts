import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { KeywordEntity } from './keyword.entity.js';

/** A keyword one request created or restored, with what it asked for beside it. */
export interface CreatedKeyword {
  keyword: KeywordEntity;
  /** `backfill_hours`: 0 for none. */
  backfillHours: number;
  /** The account plan's alerts per keyword per day. */
  dailyCap: number;
}

/** Told in the creation's transaction of the keywords it created or restored (the backfills). */
export interface KeywordsCreatedSink {
  onKeywordsCreated(
    manager: EntityManager,
    created: readonly CreatedKeyword[],
    now: number,
  ): Promise<void>;
}

/**
 * What follows a keyword's creation in its transaction, connected by the modules that follow it
 * (they import this one, not the reverse).
 */
@Injectable()
export class KeywordCreationSinks {
  private readonly sinks: KeywordsCreatedSink[] = [];

  connect(sink: KeywordsCreatedSink): void {
    this.sinks.push(sink);
  }

  async created(
    manager: EntityManager,
    created: readonly CreatedKeyword[],
    now: number,
  ): Promise<void> {
    if (created.length === 0) return;
    for (const sink of this.sinks) await sink.onKeywordsCreated(manager, created, now);
  }
}
