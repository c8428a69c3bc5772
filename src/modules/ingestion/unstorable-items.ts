import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { Counter, Registry } from 'prom-client';
import { ROOT_LOGGER } from '../../core.module.js';
import type { RedditItem } from './reddit-item.js';
import { itemKey } from './seen-items.store.js';

const REASON_MAX_LENGTH = 200;

/** The driver's message only: parameters and row details (which may hold user text) stay out of logs. */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0].slice(0, REASON_MAX_LENGTH);
}

/** Items the pipeline had to skip because storing them failed while the database was healthy. */
@Injectable()
export class UnstorableItems {
  private readonly skipped: Counter<'type'>;
  private readonly logger: Logger;

  constructor(registry: Registry, @Inject(ROOT_LOGGER) rootLogger: Logger) {
    this.skipped = new Counter({
      name: 'alerts_ingest_unstorable_items_total',
      help: 'Posts and comments skipped because storing them failed (the rest of their batch was stored)',
      labelNames: ['type'],
      registers: [registry],
    });
    this.logger = rootLogger.child({ component: 'ingestion' });
  }

  record(item: RedditItem, error: unknown): void {
    this.skipped.inc({ type: item.type });
    this.logger.warn(
      { fullname: itemKey(item), reason: reasonOf(error) },
      'item skipped: storing it failed, the rest of its batch was stored',
    );
  }
}
