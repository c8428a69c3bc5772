import type { AlsoInTransaction } from '../../../database/same-transaction.js';
import { Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { Database } from '../../../database/database.js';
import {
  EmailSubscriptionEntity,
  type DigestFrequency,
  type EmailSubscriptionStatus,
} from './email-subscription.entity.js';

export type ConfirmationResult = 'confirmed' | 'already_confirmed' | 'expired' | 'unknown';

const LIVE: EmailSubscriptionStatus[] = ['pending', 'active'];

@Injectable()
export class EmailSubscriptionStore {
  constructor(private readonly database: Database) {}

  /** `also`: the caller's writes in the same transaction. */
  async insert(
    subscription: EmailSubscriptionEntity,
    also: AlsoInTransaction<EmailSubscriptionEntity>,
  ): Promise<void> {
    await this.database.transaction(async (manager) => {
      await manager.insert(EmailSubscriptionEntity, subscription);
      await also(manager, subscription);
    });
  }

  /** Oldest first, as the dashboard lists them. */
  listOfAccount(accountId: string): Promise<EmailSubscriptionEntity[]> {
    return this.database.manager.find(EmailSubscriptionEntity, {
      where: { accountId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  findOfAccount(accountId: string, id: string): Promise<EmailSubscriptionEntity | null> {
    return this.database.manager.findOneBy(EmailSubscriptionEntity, { accountId, id });
  }

  findById(id: string): Promise<EmailSubscriptionEntity | null> {
    return this.database.manager.findOneBy(EmailSubscriptionEntity, { id });
  }

  countLive(accountId: string): Promise<number> {
    return this.database.manager.countBy(EmailSubscriptionEntity, {
      accountId,
      status: In(LIVE),
    });
  }

  /**
   * Deletes the subscription and its outbox rows; false when the account has no such one. `also`
   * runs in the same transaction with the subscription deleted.
   */
  async remove(
    accountId: string,
    id: string,
    also: AlsoInTransaction<EmailSubscriptionEntity>,
  ): Promise<boolean> {
    return this.database.transaction(async (manager) => {
      const current = await manager.findOneBy(EmailSubscriptionEntity, { accountId, id });
      if (!current) return false;
      await manager.delete(EmailSubscriptionEntity, { accountId, id });
      await also(manager, current);
      return true;
    });
  }

  /** A pending subscription becomes active; its digests start from now. */
  async confirm(tokenHash: string, now: number): Promise<ConfirmationResult> {
    return this.database.transaction(async (manager) => {
      const found = await manager.findOneBy(EmailSubscriptionEntity, {
        confirmTokenHash: tokenHash,
      });
      if (found === null || found.status === 'unsubscribed') return 'unknown';
      if (found.status === 'active') return 'already_confirmed';
      if ((found.confirmExpiresAt ?? 0) <= now) return 'expired';
      await manager.update(
        EmailSubscriptionEntity,
        { id: found.id, status: 'pending' },
        { status: 'active', confirmedAt: now, digestThrough: now },
      );
      return 'confirmed';
    });
  }

  /** Ends the subscription the token belongs to; false when no subscription has it. */
  async unsubscribe(token: string, now: number): Promise<boolean> {
    return this.database.transaction(async (manager) => {
      const found = await manager.findOneBy(EmailSubscriptionEntity, { unsubscribeToken: token });
      if (found === null) return false;
      if (found.status !== 'unsubscribed') {
        await manager.update(
          EmailSubscriptionEntity,
          { id: found.id },
          { status: 'unsubscribed', unsubscribedAt: now },
        );
      }
      return true;
    });
  }

  /** The confirmed instant subscriptions of these accounts, inside the caller's transaction. */
  activeInstantOf(
    manager: EntityManager,
    accountIds: readonly string[],
  ): Promise<EmailSubscriptionEntity[]> {
    return manager.find(EmailSubscriptionEntity, {
      where: { accountId: In([...accountIds]), status: 'active', frequency: 'instant' },
    });
  }

  activeOfFrequency(frequency: DigestFrequency): Promise<EmailSubscriptionEntity[]> {
    return this.database.manager.find(EmailSubscriptionEntity, {
      where: { status: 'active', frequency },
      order: { id: 'ASC' },
    });
  }

  async recordSent(id: string, at: number, digestThrough?: number): Promise<void> {
    await this.database.transaction((manager) =>
      manager.update(
        EmailSubscriptionEntity,
        { id },
        {
          lastSentAt: at,
          lastError: null,
          lastErrorAt: null,
          ...(digestThrough === undefined ? {} : { digestThrough }),
        },
      ),
    );
  }

  async recordFailure(id: string, error: string, at: number): Promise<void> {
    await this.database.transaction((manager) =>
      manager.update(
        EmailSubscriptionEntity,
        { id },
        { lastError: error.slice(0, 500), lastErrorAt: at },
      ),
    );
  }
}
