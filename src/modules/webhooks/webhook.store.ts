import { Injectable } from '@nestjs/common';
import { IsNull, type EntityManager } from 'typeorm';
import { Database } from '../../database/database.js';
import { inList } from '../../database/sql-lists.js';
import { WebhookEntity } from './webhook.entity.js';

export type WebhookFields = Partial<
  Pick<
    WebhookEntity,
    | 'name'
    | 'active'
    | 'format'
    | 'retryPolicy'
    | 'secret'
    | 'previousSecret'
    | 'secretRotatedAt'
    | 'deletedAt'
    | 'failingSince'
    | 'failingNoticeAt'
  >
>;

/** A webhook that receives deliveries: active, not deleted (the outbox's and the console's). */
export const DELIVERABLE_WEBHOOK = 'active = TRUE AND deleted_at IS NULL';

/** An account's webhooks (deleted ones left out), and those of them whose latest attempts failed. */
export interface WebhookCounts {
  total: number;
  failing: number;
}

/** A deliverable webhook whose latest attempts failed (consecutive failures > 0). */
export interface FailingWebhook {
  webhookId: string;
  accountId: string;
  url: string;
  consecutiveFailures: number;
  lastError: string | null;
  lastDeliveryAt: number | null;
}

/** A deliverable webhook whose streak of failures began at or before :failingSince. */
const FAILING_SINCE = `failing_since <= :failingSince AND ${DELIVERABLE_WEBHOOK}`;

/** A deliverable webhook whose every attempt has failed since `failingSince` (failing-streak.ts). */
export interface LongFailingWebhook {
  id: string;
  accountId: string;
  name: string;
  url: string;
  failingSince: number;
  lastError: string | null;
}

interface LongFailingRow {
  id: string;
  account_id: string;
  name: string;
  url: string;
  failing_since: string | number;
  last_error: string | null;
}

const LONG_FAILING_COLUMNS = 'id, account_id, name, url, failing_since, last_error';

const toLongFailing = (row: LongFailingRow): LongFailingWebhook => ({
  id: row.id,
  accountId: row.account_id,
  name: row.name,
  url: row.url,
  failingSince: Number(row.failing_since),
  lastError: row.last_error,
});

/** Another module's write, in the transaction of this store's change. */
export type InTransaction = (manager: EntityManager) => Promise<void>;

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

  /** Each account's webhook counts, by account id; an account without a webhook is absent. */
  async countsByAccount(accountIds: readonly string[]): Promise<Map<string, WebhookCounts>> {
    const ids = inList(accountIds);
    const rows = await this.database.query<{
      account_id: string;
      total: number | string;
      failing: number | string | null;
    }>(
      this.database.manager,
      `SELECT account_id, COUNT(*) AS total,
              SUM(CASE WHEN consecutive_failures > 0 THEN 1 ELSE 0 END) AS failing
         FROM webhooks
        WHERE account_id IN (${ids.sql}) AND deleted_at IS NULL
        GROUP BY account_id`,
      ids.parameters,
    );
    return new Map(
      rows.map((row) => [
        row.account_id,
        { total: Number(row.total), failing: Number(row.failing ?? 0) },
      ]),
    );
  }

  /** The deliverable webhooks whose latest attempts failed, the worst first, at most `limit`. */
  async failing(limit: number): Promise<FailingWebhook[]> {
    const rows = await this.database.query<{
      id: string;
      account_id: string;
      url: string;
      consecutive_failures: string | number;
      last_error: string | null;
      last_delivery_at: string | number | null;
    }>(
      this.database.manager,
      `SELECT id, account_id, url, consecutive_failures, last_error, last_delivery_at
       FROM webhooks
       WHERE consecutive_failures > 0 AND ${DELIVERABLE_WEBHOOK}
       ORDER BY consecutive_failures DESC, id
       LIMIT :limit`,
      { limit },
    );
    return rows.map((row) => ({
      webhookId: row.id,
      accountId: row.account_id,
      url: row.url,
      consecutiveFailures: Number(row.consecutive_failures),
      lastError: row.last_error,
      lastDeliveryAt: row.last_delivery_at === null ? null : Number(row.last_delivery_at),
    }));
  }

  /** The account's deliverable webhooks failing since `failingSince` or earlier, longest first. */
  async listFailingSince(accountId: string, failingSince: number): Promise<LongFailingWebhook[]> {
    const rows = await this.database.query<LongFailingRow>(
      this.database.manager,
      `SELECT ${LONG_FAILING_COLUMNS} FROM webhooks
       WHERE account_id = :accountId AND ${FAILING_SINCE}
       ORDER BY failing_since, id`,
      { accountId, failingSince },
    );
    return rows.map(toLongFailing);
  }

  /**
   * Marks, as noticed at `now`, the webhooks failing since `failingSince` or earlier whose streak
   * has no notice yet, and returns them, longest failing first. One statement: of instances
   * claiming at once, each webhook goes to one.
   */
  claimNotices(failingSince: number, now: number): Promise<LongFailingWebhook[]> {
    return this.database.transaction(async (manager) => {
      const rows = await this.database.query<LongFailingRow>(
        manager,
        `UPDATE webhooks SET failing_notice_at = :now
         WHERE failing_notice_at IS NULL AND ${FAILING_SINCE}
         RETURNING ${LONG_FAILING_COLUMNS}`,
        { now, failingSince },
      );
      return rows
        .map(toLongFailing)
        .sort((a, b) => a.failingSince - b.failingSince || (a.id < b.id ? -1 : 1));
    });
  }

  /** Undoes claimNotices(…, claimedAt) for these webhooks, unless their streak ended meanwhile. */
  async releaseNotices(webhookIds: readonly string[], claimedAt: number): Promise<void> {
    const ids = inList(webhookIds);
    await this.database.transaction((manager) =>
      this.database.query(
        manager,
        `UPDATE webhooks SET failing_notice_at = NULL
         WHERE id IN (${ids.sql}) AND failing_notice_at = :claimedAt`,
        { ...ids.parameters, claimedAt },
      ),
    );
  }

  /** `also` runs in the same transaction: another module's write that goes with it. */
  async insert(webhook: WebhookEntity, also?: InTransaction): Promise<void> {
    await this.database.transaction(async (manager) => {
      await manager.insert(WebhookEntity, webhook);
      await also?.(manager);
    });
  }

  /**
   * Writes what `change` decides from the live webhook as it is now, read in the same transaction
   * and locked until it ends, so two changes made at once (a rename and a pause) both apply,
   * neither writing over the other with what it read. The webhook as changed, or null when the
   * account has no such live webhook. `also` runs in the same transaction, with the webhook as it
   * was and as it became.
   */
  changeLive(
    accountId: string,
    webhookId: string,
    change: (webhook: WebhookEntity) => WebhookFields,
    also?: (manager: EntityManager, before: WebhookEntity, after: WebhookEntity) => Promise<void>,
  ): Promise<WebhookEntity | null> {
    return this.database.transaction(async (manager) => {
      const webhook = await manager.findOne(WebhookEntity, {
        where: { id: webhookId, accountId, deletedAt: IsNull() },
        lock: this.database.rowWriteLock,
      });
      if (!webhook) return null;
      const fields = change(webhook);
      await manager.update(WebhookEntity, { id: webhook.id }, fields);
      const before = { ...webhook };
      const after = Object.assign(webhook, fields);
      await also?.(manager, before, after);
      return after;
    });
  }
}
