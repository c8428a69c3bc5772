import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { newId } from '../../../common/ids.js';
import { Database } from '../../../database/database.js';
import { MailOutboxEntity, type MailOutboxStatus } from './mail-outbox.entity.js';

const INSERT_CHUNK = 500;

/** A row this worker holds until `claimedUntil`; that value also fences its outcome. */
export interface ClaimedMail {
  id: string;
  subscriptionId: string;
  alertId: string;
  claimedUntil: number;
}

interface ClaimedRow {
  id: string;
  subscription_id: string;
  alert_id: string;
  claimed_until: string | number;
}

@Injectable()
export class MailOutboxStore {
  constructor(private readonly database: Database) {}

  /** Inside the transaction that stores the alerts. */
  async enqueue(
    manager: EntityManager,
    rows: readonly { subscriptionId: string; alertId: string }[],
    now: number,
  ): Promise<void> {
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      await manager.insert(
        MailOutboxEntity,
        rows.slice(start, start + INSERT_CHUNK).map((row) => ({
          id: newId(),
          subscriptionId: row.subscriptionId,
          alertId: row.alertId,
          status: 'pending' as const,
          createdAt: now,
          notBefore: now,
          claimedUntil: null,
          sentAt: null,
          error: null,
        })),
      );
    }
  }

  /**
   * The oldest due rows, at most `limit`: pending ones, and sending ones whose lease expired (their
   * worker died mid-send: the one case in which a mail goes out twice). PostgreSQL workers skip
   * rows another one has locked; SQLite has one writer.
   */
  async claimDue(request: {
    now: number;
    leaseUntil: number;
    limit: number;
  }): Promise<ClaimedMail[]> {
    const lock = this.database.kind === 'postgres' ? 'FOR UPDATE SKIP LOCKED' : '';
    const rows = await this.database.transaction((manager) =>
      this.database.query<ClaimedRow>(
        manager,
        `UPDATE mail_outbox SET status = 'sending', claimed_until = :leaseUntil
         WHERE id IN (
           SELECT id FROM mail_outbox
            WHERE status IN ('pending', 'sending') AND not_before <= :now
              AND COALESCE(claimed_until, 0) <= :now
            ORDER BY not_before, id
            LIMIT :limit
           ${lock})
         RETURNING id, subscription_id, alert_id, claimed_until`,
        request,
      ),
    );
    return rows
      .map((row) => ({
        id: row.id,
        subscriptionId: row.subscription_id,
        alertId: row.alert_id,
        claimedUntil: Number(row.claimed_until),
      }))
      .sort((a, b) => (a.id < b.id ? -1 : 1));
  }

  /** The outcome of claimed rows, written only while this worker's lease still holds them. */
  async settle(
    claims: readonly ClaimedMail[],
    outcome: {
      status: Exclude<MailOutboxStatus, 'pending' | 'sending'>;
      at: number;
      error: string | null;
    },
  ): Promise<void> {
    await this.whileClaimed(claims, {
      status: outcome.status,
      claimedUntil: null,
      sentAt: outcome.status === 'sent' ? outcome.at : null,
      error: outcome.error,
    });
  }

  /** Back to pending, not to be claimed before `notBefore` (the next hour's mail budget). */
  async defer(claims: readonly ClaimedMail[], notBefore: number): Promise<void> {
    await this.whileClaimed(claims, { status: 'pending', claimedUntil: null, notBefore });
  }

  private async whileClaimed(
    claims: readonly ClaimedMail[],
    change: Partial<MailOutboxEntity>,
  ): Promise<void> {
    if (claims.length === 0) return;
    await this.database.transaction(async (manager) => {
      for (const claim of claims) {
        await manager.update(
          MailOutboxEntity,
          { id: claim.id, status: 'sending', claimedUntil: claim.claimedUntil },
          change,
        );
      }
    });
  }
}
