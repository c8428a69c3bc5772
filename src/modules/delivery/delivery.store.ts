import { Injectable } from '@nestjs/common';
import type { EntityManager, QueryRunner } from 'typeorm';
import { newId } from '../../common/ids.js';
import { Database } from '../../database/database.js';
import { inList, valuesClause } from '../../database/sql-lists.js';
import type { AlertEntity } from '../alerts/alert.entity.js';
import { ALERT_EVENTS } from '../alerts/alert.store.js';
import { DeliveryAttemptLog, type DeliveryAttemptRow } from './delivery-attempt-log.js';
import { DeliverySql } from './delivery-sql.js';
import type { AttemptTrigger } from './retry-policy.js';
import { WebhookTargets, type AttemptOutcome } from './webhook-targets.js';

const ENQUEUE_CHUNK = 200;

export interface DueDelivery {
  id: string;
  webhookId: string;
  accountId: string;
}

/** A delivery this worker holds until `claimedUntil`; that value also fences its outcome. */
export interface ClaimedDelivery {
  id: string;
  alertId: string;
  webhookId: string;
  accountId: string;
  createdAt: number;
  claimedUntil: number;
  /** Attempts made before this one. */
  attempts: number;
  /** Retries the automatic series has scheduled before this attempt. */
  retries: number;
  trigger: AttemptTrigger;
}

/**
 * What a claim asks for: at most `window` due rows read, none of `skipWebhookIds`; those `choose`
 * picks become sending until `leaseUntil`.
 */
export interface DueRowsClaim {
  window: number;
  now: number;
  leaseUntil: number;
  skipWebhookIds: readonly string[];
  choose: (due: DueDelivery[]) => DueDelivery[];
}

/** The due rows read (`more`: others may be left), those chosen, and those actually claimed. */
export interface DeliveryClaim {
  due: DueDelivery[];
  more: boolean;
  chosen: DueDelivery[];
  claimed: ClaimedDelivery[];
}

/**
 * What became of one claim: an attempt, or null when it was canceled without sending; `retryAt`,
 * when a failed attempt is tried again then (retry-policy.ts), else null.
 */
export interface SettledDelivery {
  claim: ClaimedDelivery;
  outcome: AttemptOutcome | null;
  attemptedAt: number;
  retryAt: number | null;
}

interface ClaimedRow {
  id: string;
  alert_id: string;
  webhook_id: string;
  account_id: string;
  created_at: string | number;
  claimed_until: string | number;
  attempts: string | number;
  retries: string | number;
  attempt_trigger: AttemptTrigger;
}

const CLAIMED_COLUMNS =
  'id, alert_id, webhook_id, account_id, created_at, claimed_until, attempts, retries, attempt_trigger';

const toClaimed = (row: ClaimedRow): ClaimedDelivery => ({
  id: row.id,
  alertId: row.alert_id,
  webhookId: row.webhook_id,
  accountId: row.account_id,
  createdAt: Number(row.created_at),
  claimedUntil: Number(row.claimed_until),
  attempts: Number(row.attempts),
  retries: Number(row.retries),
  trigger: row.attempt_trigger,
});

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Rows the worker still has to attempt: waiting, or claimed by a worker (maybe a dead one). */
const OPEN_ROWS = "status IN ('pending', 'sending')";

/** A failed delivery whose retry waits for its time; claimed apart from the open rows. */
const RETRYING = "status = 'retrying'";

/** Not over yet: open, or a retry waiting (the log's pending). */
const UNFINISHED_ROWS = "status IN ('pending', 'sending', 'retrying')";

/** A row back in the outbox: the worker sends it again, same id and body bytes, no retry after. */
const REQUEUE =
  "status = 'pending', claimed_until = NULL, retry_at = NULL, attempt_trigger = 'redelivery'";

/** A page of a webhook's log: `status` 'pending' means open (waiting or being attempted). */
export interface DeliveryLogPageQuery {
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | null;
  since: number | null;
  after: { at: number; id: string } | null;
  limit: number;
}

export interface DeliveryLogRow {
  id: string;
  alert_id: string;
  event: string;
  status: NonNullable<DeliveryLogPageQuery['status']>;
  attempts: number | string;
  attempted_at: number | string | null;
  http_status: number | null;
  error: string | null;
  duration_ms: number | null;
  created_at: number | string;
  retry_at: number | string | null;
}

const STATUS_FILTER: Record<NonNullable<DeliveryLogPageQuery['status']>, string> = {
  pending: UNFINISHED_ROWS,
  succeeded: "status = 'succeeded'",
  failed: "status = 'failed'",
  canceled: "status = 'canceled'",
};

export interface OutboxBacklog {
  depth: number;
  oldestCreatedAt: number | null;
}

const CANCELED_TEXT = 'webhook paused or deleted before the attempt';

/** The outbox rows, behind intention-revealing methods (the webhooks' counters: WebhookTargets). */
@Injectable()
export class DeliveryStore {
  private readonly sql: DeliverySql;
  private claimRunner: QueryRunner | null = null;

  constructor(
    private readonly database: Database,
    private readonly targets: WebhookTargets,
    private readonly attemptLog: DeliveryAttemptLog,
  ) {
    this.sql = new DeliverySql(database.kind);
  }

  /**
   * One pending row per deliverable webhook of each alert's account, one statement per chunk, in
   * the transaction that stores the alerts. Each row's v7 id is a fresh id's time and sequence
   * (bytes 0–10, unique per alert) joined to the row's ordinal among its alert's deliveries, so
   * ids sort by time and never collide (docs/webhooks.md).
   */
  async enqueueForAlerts(
    manager: EntityManager,
    alerts: readonly AlertEntity[],
    now: number,
  ): Promise<void> {
    for (let start = 0; start < alerts.length; start += ENQUEUE_CHUNK) {
      const values = valuesClause(
        alerts
          .slice(start, start + ENQUEUE_CHUNK)
          .map((alert) => [alert.id, alert.accountId, newId()]),
      );
      const ordinal = 'ROW_NUMBER() OVER (PARTITION BY s.alert_id ORDER BY w.id)';
      await this.database.query(
        manager,
        `WITH stored (alert_id, account_id, id_prefix) AS (VALUES ${values.sql})
         INSERT INTO deliveries (id, alert_id, webhook_id, account_id, status, created_at)
         SELECT substr(s.id_prefix, 1, 26) || ${this.sql.tenHexDigits(ordinal)}, s.alert_id, w.id,
                w.account_id, 'pending', :now
           FROM stored s ${this.sql.eachRowJoin({
             lateral: this.targets.deliverableOfSql('s.account_id'),
             plain: this.targets.deliverableSql,
             alias: 'w',
             on: 'w.account_id = s.account_id',
           })}`,
        { ...values.parameters, now: this.sql.int(now) },
      );
    }
  }

  /**
   * Claims those of the oldest due rows that `choose` picks: pending rows, and sending rows whose
   * lease expired (their worker died). They become sending until `leaseUntil`. A pending row has
   * no lease, so one condition on claimed_until covers both, without the OR that leads
   * PostgreSQL away from reading the index in order. The claim re-checks each row.
   */
  async claimDueDeliveries(request: DueRowsClaim & { perWebhook: number }): Promise<DeliveryClaim> {
    return this.onClaimConnection(async (manager) => {
      const { rows: due, more } = await this.findDue(manager, request);
      const chosen = request.choose(due);
      const claimed = await this.claimChosen(manager, chosen, request, {
        stillDue: `${OPEN_ROWS} AND COALESCE(claimed_until, 0) <= :now`,
      });
      return { due, more, chosen, claimed };
    });
  }

  /**
   * Claims those of the retries due by `now` that `choose` picks, the longest due first, as the
   * open rows are claimed: under a lease, so a worker that dies leaves them to the open rows'
   * claim once it expires. Only the window's worth of due retries is read.
   */
  async claimDueRetries(request: DueRowsClaim): Promise<DeliveryClaim> {
    return this.onClaimConnection(async (manager) => {
      const found = await this.database.query<{
        id: string;
        webhook_id: string;
        account_id: string;
      }>(
        manager,
        `SELECT id, webhook_id, account_id FROM deliveries
         WHERE ${RETRYING} AND retry_at <= :now
           AND NOT ${this.sql.inList('webhook_id', 'skipWebhookIds')}
         ORDER BY retry_at, id LIMIT :window`,
        {
          now: this.sql.int(request.now),
          skipWebhookIds: this.sql.list(request.skipWebhookIds),
          window: request.window + 1,
        },
      );
      const due = found.slice(0, request.window).map((row) => ({
        id: row.id,
        webhookId: row.webhook_id,
        accountId: row.account_id,
      }));
      const more = found.length > request.window;
      const chosen = request.choose(due);
      const claimed = await this.claimChosen(manager, chosen, request, {
        stillDue: `${RETRYING} AND retry_at <= :now`,
        alsoSet: ', retry_at = NULL',
      });
      return { due, more, chosen, claimed };
    });
  }

  /**
   * The chosen rows that are `stillDue`, made sending under the lease in one statement.
   * PostgreSQL workers skip rows another worker has locked or taken; SQLite has one writer.
   */
  private async claimChosen(
    manager: EntityManager,
    chosen: readonly DueDelivery[],
    request: { now: number; leaseUntil: number },
    rows: { stillDue: string; alsoSet?: string },
  ): Promise<ClaimedDelivery[]> {
    if (chosen.length === 0) return [];
    const lock = this.database.kind === 'postgres' ? 'FOR UPDATE SKIP LOCKED' : '';
    const claimed = await this.database.query<ClaimedRow>(
      manager,
      `UPDATE deliveries SET status = 'sending', claimed_until = :leaseUntil${rows.alsoSet ?? ''}
       WHERE id IN (
         SELECT id FROM deliveries
         WHERE ${this.sql.inList('id', 'ids')} AND ${rows.stillDue}
         ${lock})
       RETURNING ${CLAIMED_COLUMNS}`,
      {
        ids: this.sql.list(chosen.map((delivery) => delivery.id)),
        now: this.sql.int(request.now),
        leaseUntil: this.sql.int(request.leaseUntil),
      },
    );
    return claimed.map(toClaimed).sort(byId);
  }

  /**
   * Each outcome on its delivery row and on its webhook, all in one transaction, with two
   * statements however many outcomes there are. An outcome whose claim was lost (the lease
   * expired and another worker took the row) writes nothing; the result says, per outcome,
   * whether it was recorded.
   */
  async recordOutcomes(settled: readonly SettledDelivery[]): Promise<boolean[]> {
    return this.database.transaction(async (manager) => {
      const recorded = await this.settleAll(manager, settled);
      const made = settled.filter(
        ({ claim, outcome }) => outcome !== null && recorded.has(claim.id),
      );
      await this.attemptLog.append(manager, made.map(attemptRowOf));
      await this.targets.recordAttempts(
        manager,
        made.map(({ claim, outcome, attemptedAt }) => ({
          webhookId: claim.webhookId,
          outcome: outcome!,
          attemptedAt,
        })),
      );
      return settled.map(({ claim }) => recorded.has(claim.id));
    });
  }

  /** The webhook's deliveries, newest first on (created_at, id), one more than the page. */
  logPage(webhookId: string, query: DeliveryLogPageQuery): Promise<DeliveryLogRow[]> {
    const conditions = ['d.webhook_id = :webhookId'];
    if (query.status !== null) conditions.push(`d.${STATUS_FILTER[query.status]}`);
    if (query.since !== null) conditions.push('d.created_at > :since');
    if (query.after !== null) {
      conditions.push(
        '(d.created_at < :cursorAt OR (d.created_at = :cursorAt AND d.id < :cursorId))',
      );
    }
    return this.database.query<DeliveryLogRow>(
      this.database.manager,
      `SELECT d.id, d.alert_id, a.event,
              CASE WHEN d.${UNFINISHED_ROWS} THEN 'pending' ELSE d.status END AS status,
              d.attempts, d.attempted_at, d.http_status, d.error, d.duration_ms, d.created_at,
              d.retry_at
       FROM deliveries d JOIN (${ALERT_EVENTS}) a ON a.id = d.alert_id
       WHERE ${conditions.join(' AND ')}
       ORDER BY d.created_at DESC, d.id DESC
       LIMIT :limit`,
      {
        webhookId,
        since: query.since,
        cursorAt: query.after?.at,
        cursorId: query.after?.id,
        limit: query.limit + 1,
      },
    );
  }

  endedSince(
    accountId: string,
    webhookIds: readonly string[],
    since: number,
  ): Promise<{ webhook_id: string; ended: number | string; succeeded: number | string }[]> {
    const ids = inList(webhookIds);
    return this.database.query(
      this.database.manager,
      `SELECT webhook_id, COUNT(*) AS ended,
              SUM(CASE WHEN status = 'succeeded' THEN 1 ELSE 0 END) AS succeeded
         FROM deliveries
        WHERE webhook_id IN (${ids.sql}) AND account_id = :accountId
          AND attempted_at >= :since AND status IN ('succeeded', 'failed')
        GROUP BY webhook_id`,
      { ...ids.parameters, accountId, since },
    );
  }

  /** The open rows, counted at the time of the call (every instance sees all rows). */
  async backlog(): Promise<OutboxBacklog> {
    const [row] = await this.database.query<{
      depth: string | number;
      oldest: string | number | null;
    }>(
      this.database.manager,
      `SELECT COUNT(*) AS depth, MIN(created_at) AS oldest FROM deliveries WHERE ${OPEN_ROWS}`,
    );
    return {
      depth: Number(row.depth),
      oldestCreatedAt: row.oldest === null ? null : Number(row.oldest),
    };
  }

  /**
   * Puts one delivery of the webhook back into the outbox unless it is unfinished (open, or a
   * retry waiting), so a concurrent claim, retry or redelivery is never undone: 'requeued',
   * 'open', or 'missing'.
   */
  async requeue(
    manager: EntityManager,
    webhookId: string,
    deliveryId: string,
  ): Promise<'requeued' | 'open' | 'missing'> {
    const requeued = await this.database.query(
      manager,
      `UPDATE deliveries SET ${REQUEUE}
       WHERE id = :deliveryId AND webhook_id = :webhookId AND NOT ${UNFINISHED_ROWS}
       RETURNING id`,
      { deliveryId, webhookId },
    );
    if (requeued.length > 0) return 'requeued';
    const [exists] = await this.database.query(
      manager,
      'SELECT id FROM deliveries WHERE id = :deliveryId AND webhook_id = :webhookId',
      { deliveryId, webhookId },
    );
    return exists === undefined ? 'missing' : 'open';
  }

  /** Puts the webhook's oldest failed deliveries created after `since` back; returns how many. */
  async requeueFailed(
    manager: EntityManager,
    webhookId: string,
    since: number,
    max: number,
  ): Promise<number> {
    const requeued = await this.database.query(
      manager,
      `UPDATE deliveries SET ${REQUEUE}
       WHERE id IN (SELECT id FROM deliveries
                    WHERE webhook_id = :webhookId AND status = 'failed' AND created_at > :since
                    ORDER BY created_at, id LIMIT :max)
       RETURNING id`,
      { webhookId, since, max },
    );
    return requeued.length;
  }

  /** Hands the claims' connection back to the pool (PostgreSQL), as it was. */
  async releaseClaimConnection(): Promise<void> {
    const runner = this.claimRunner;
    this.claimRunner = null;
    if (runner === null || runner.isReleased) return;
    await runner.query('RESET ALL').catch(() => undefined);
    await runner.release();
  }

  /** One webhook's delivery's attempts, the first first; null when it has no such delivery. */
  async attemptsOf(webhookId: string, deliveryId: string): Promise<DeliveryAttemptRow[] | null> {
    const [exists] = await this.database.query(
      this.database.manager,
      'SELECT id FROM deliveries WHERE id = :deliveryId AND webhook_id = :webhookId',
      { deliveryId, webhookId },
    );
    if (exists === undefined) return null;
    return this.attemptLog.of(deliveryId);
  }

  /** Only rows still held under the same lease; returns the ids that were. */
  private async settleAll(
    manager: EntityManager,
    settled: readonly SettledDelivery[],
  ): Promise<Set<string>> {
    const rows = await this.database.query<{ id: string }>(
      manager,
      `UPDATE deliveries
       SET status = v.status, claimed_until = NULL, attempted_at = v.attempted_at,
           http_status = v.http_status, error = v.error, duration_ms = v.duration_ms,
           attempts = attempts + CASE WHEN v.status = 'canceled' THEN 0 ELSE 1 END,
           retry_at = v.retry_at,
           retries = retries + CASE WHEN v.status = 'retrying' THEN 1 ELSE 0 END,
           attempt_trigger =
             CASE WHEN v.status = 'retrying' THEN 'retry' ELSE attempt_trigger END
       FROM ${this.sql.jsonRows('batch', {
         delivery_id: 'varchar',
         lease: 'bigint',
         status: 'varchar',
         attempted_at: 'bigint',
         http_status: 'integer',
         error: 'varchar',
         duration_ms: 'integer',
         retry_at: 'bigint',
       })}
       WHERE ${this.sql.inList('deliveries.id', 'ids')} AND deliveries.id = v.delivery_id
         AND deliveries.status = 'sending' AND deliveries.claimed_until = v.lease
       RETURNING id`,
      {
        ids: this.sql.list(settled.map(({ claim }) => claim.id)),
        batch: JSON.stringify(
          settled.map((delivery) => {
            const { claim, outcome, attemptedAt } = delivery;
            return {
              delivery_id: claim.id,
              lease: claim.claimedUntil,
              status: settledStatus(delivery),
              attempted_at: outcome === null ? null : attemptedAt,
              http_status: outcome?.status ?? null,
              error: outcome === null ? CANCELED_TEXT : outcome.error,
              duration_ms: outcome?.durationMs ?? null,
              retry_at: delivery.retryAt,
            };
          }),
        ),
      },
    );
    return new Set(rows.map((row) => row.id));
  }

  /**
   * SQLite: inside the single writer's transaction. PostgreSQL: on a connection of its own, one
   * autocommitted statement at a time (the claim re-checks every row, so it needs no
   * transaction), whose planner reads each webhook's open rows from the index in id order and
   * stops at the limit: a queue table's statistics are usually stale (few open rows when they
   * were taken), which makes the planner prefer collecting and sorting every open row of a
   * webhook, fine for ten and slow for ten thousand.
   */
  private async onClaimConnection<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.database.kind === 'sqlite') return this.database.transaction(work);
    // TypeORM releases a runner whose connection broke; the next claim opens another.
    if (this.claimRunner === null || this.claimRunner.isReleased) {
      const runner = this.database.dataSource.createQueryRunner();
      await runner.query(
        "SELECT set_config('enable_bitmapscan', 'off', false), set_config('enable_sort', 'off', false)",
      );
      this.claimRunner = runner;
    }
    return work(this.claimRunner.manager);
  }

  /**
   * The oldest due rows, in id order, at most `window` of each account (so one account's backlog
   * never hides another's rows) and `perWebhook` of each webhook, read lane by lane from the open
   * rows' index (docs/webhooks.md, claims). `more`: due rows may be left beyond what was returned.
   */
  private async findDue(
    manager: EntityManager,
    request: {
      window: number;
      perWebhook: number;
      now: number;
      skipWebhookIds: readonly string[];
    },
  ): Promise<{ rows: DueDelivery[]; more: boolean }> {
    const perLane = Math.min(request.window, request.perWebhook);
    const lanes = await this.database.query<{
      webhook_id: string;
      account_id: string;
      ids: unknown;
    }>(
      manager,
      `WITH RECURSIVE lanes (webhook_id) AS (
         SELECT (SELECT webhook_id FROM deliveries WHERE ${OPEN_ROWS} ORDER BY webhook_id LIMIT 1)
         UNION ALL
         SELECT (SELECT d.webhook_id FROM deliveries d
                 WHERE d.${OPEN_ROWS} AND d.webhook_id > lanes.webhook_id
                 ORDER BY d.webhook_id LIMIT 1)
           FROM lanes WHERE lanes.webhook_id IS NOT NULL)
       SELECT lanes.webhook_id,
              ${this.targets.accountOfSql('lanes.webhook_id')} AS account_id,
              ${this.sql.jsonIds(
                `SELECT o.id FROM deliveries o
          WHERE o.webhook_id = lanes.webhook_id AND o.${OPEN_ROWS}
            AND COALESCE(o.claimed_until, 0) <= :now
          ORDER BY o.id LIMIT :perLane`,
              )} AS ids
       FROM lanes
       WHERE lanes.webhook_id IS NOT NULL AND NOT ${this.sql.inList('lanes.webhook_id', 'skipWebhookIds')}`,
      {
        now: this.sql.int(request.now),
        perLane: this.sql.int(perLane),
        skipWebhookIds: this.sql.list(request.skipWebhookIds),
      },
    );
    const due: DueDelivery[] = [];
    let more = false;
    for (const lane of lanes) {
      const ids = this.sql.parseIds(lane.ids);
      if (ids.length === perLane) more = true;
      for (const id of ids)
        due.push({ id, webhookId: lane.webhook_id, accountId: lane.account_id });
    }
    due.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const perAccount = new Map<string, number>();
    const rows = due.filter((row) => {
      const count = perAccount.get(row.accountId) ?? 0;
      perAccount.set(row.accountId, count + 1);
      return count < request.window;
    });
    return { rows, more: more || rows.length < due.length };
  }
}

function settledStatus({ outcome, retryAt }: SettledDelivery): string {
  if (outcome === null) return 'canceled';
  if (outcome.ok) return 'succeeded';
  return retryAt === null ? 'failed' : 'retrying';
}

function attemptRowOf({
  claim,
  outcome,
  attemptedAt,
  retryAt,
}: SettledDelivery): DeliveryAttemptRow {
  return {
    deliveryId: claim.id,
    attempt: claim.attempts + 1,
    trigger: claim.trigger,
    attemptedAt,
    httpStatus: outcome!.status,
    error: outcome!.error,
    durationMs: outcome!.durationMs,
    retryAt,
  };
}
