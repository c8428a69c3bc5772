import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AlertEntity } from '../alerts/alert.entity.js';
import type { ParentPostFields, RedditItem } from './reddit-item.js';

/** A first-seen item with its parent post's fields (for a post: its own). */
export interface NewItem {
  item: RedditItem;
  parent: ParentPostFields;
  /**
   * A comment's parent post as it was matched with (matchInputOf); undefined for a post, or for
   * a comment whose post was not found (`parent` is then made of its link_title).
   */
  foundParent: ParentPostFields | undefined;
}

/** Told once per batch, in its transaction, of the items seen for the first time (the inbox). */
export interface NewItemsSink {
  onNewItems(manager: EntityManager, items: NewItem[], now: number): Promise<void>;
}

/** Told once per batch, inside its transaction, of the alerts it stored (the delivery outbox). */
export interface StoredAlertsSink {
  onAlertsStored(manager: EntityManager, alerts: readonly AlertEntity[]): Promise<void>;
}

/**
 * The pipeline's consumers, connected by IngestionModule.forRoot in the root module. Each kind
 * needs at least one: an app wired without one refuses to start, rather than store alerts that
 * nothing delivers.
 */
@Injectable()
export class IngestionSinks implements OnModuleInit {
  readonly newItems: NewItemsSink[] = [];
  readonly storedAlerts: StoredAlertsSink[] = [];

  connect(sinks: { newItems: NewItemsSink[]; storedAlerts: StoredAlertsSink[] }): void {
    this.newItems.push(...sinks.newItems);
    this.storedAlerts.push(...sinks.storedAlerts);
  }

  /** Every provider exists by now, the sinks' connector included; nothing has run yet. */
  onModuleInit(): void {
    const missing = [
      ...(this.newItems.length === 0 ? ['new items'] : []),
      ...(this.storedAlerts.length === 0 ? ['stored alerts'] : []),
    ];
    if (missing.length > 0) {
      throw new Error(
        `The ingestion pipeline has no sink for ${missing.join(' nor for ')}: ` +
          'list one in IngestionModule.forRoot({ sinks }) in the root module',
      );
    }
  }
}
