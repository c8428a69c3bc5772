import { Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { Database } from '../../database/database.js';
import { WebhookEntity } from './webhook.entity.js';

/** What a change writes on a webhook row. */
export type WebhookFields = Partial<
  Pick<
    WebhookEntity,
    'name' | 'active' | 'format' | 'secret' | 'previousSecret' | 'secretRotatedAt' | 'deletedAt'
  >
>;

/** The webhooks table, behind the questions and changes the webhooks feature needs. */
@Injectable()
export class WebhookStore {
  constructor(private readonly database: Database) {}

  /** Live webhooks (active and paused), oldest first. */
  listLive(accountId: string): Promise<WebhookEntity[]> {
    return this.database.manager.find(WebhookEntity, {
      where: { accountId, deletedAt: IsNull() },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  findLive(accountId: string, webhookId: string): Promise<WebhookEntity | null> {
    return this.database.manager.findOneBy(WebhookEntity, {
      id: webhookId,
      accountId,
      deletedAt: IsNull(),
    });
  }

  async insert(webhook: WebhookEntity): Promise<void> {
    await this.database.transaction((manager) => manager.insert(WebhookEntity, webhook));
  }

  /**
   * Writes what `change` decides from the live webhook as it is now, read in the same transaction
   * and locked until it ends, so two changes made at once (a rename and a pause) both apply,
   * neither writing over the other with what it read. The webhook as changed, or null when the
   * account has no such live webhook.
   */
  changeLive(
    accountId: string,
    webhookId: string,
    change: (webhook: WebhookEntity) => WebhookFields,
  ): Promise<WebhookEntity | null> {
    return this.database.transaction(async (manager) => {
      const webhook = await manager.findOne(WebhookEntity, {
        where: { id: webhookId, accountId, deletedAt: IsNull() },
        lock: this.database.rowWriteLock,
      });
      if (!webhook) return null;
      const fields = change(webhook);
      await manager.update(WebhookEntity, { id: webhook.id }, fields);
      return Object.assign(webhook, fields);
    });
  }
}
