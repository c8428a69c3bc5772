import { Injectable } from '@nestjs/common';
import { Database } from '../../../database/database.js';
import { AlertEntity } from '../../alerts/alert.entity.js';
import type { EmailSubscriptionEntity } from '../subscriptions/email-subscription.entity.js';

/** Alerts a digest lists at most; the rest are counted. */
export const DIGEST_MAX_ALERTS = 100;

/** A digest's alerts (newest first, at most DIGEST_MAX_ALERTS) and how many there are in all. */
export interface DigestWindow {
  alerts: AlertEntity[];
  total: number;
}

@Injectable()
export class DigestAlertsStore {
  constructor(private readonly database: Database) {}

  /** The subscription's alerts matched after its previous digest and up to `through`. */
  async window(subscription: EmailSubscriptionEntity, through: number): Promise<DigestWindow> {
    const query = this.database.manager
      .createQueryBuilder(AlertEntity, 'alert')
      .where('alert.accountId = :accountId', { accountId: subscription.accountId })
      .andWhere('alert.matchedAt > :from AND alert.matchedAt <= :through', {
        from: subscription.digestThrough ?? subscription.confirmedAt ?? through,
        through,
      });
    if (subscription.keywordIds.length > 0) {
      query.andWhere('alert.keywordId IN (:...keywordIds)', {
        keywordIds: subscription.keywordIds,
      });
    }
    const total = await query.clone().getCount();
    if (total === 0) return { alerts: [], total };
    const alerts = await query
      .orderBy('alert.matchedAt', 'DESC')
      .addOrderBy('alert.id', 'DESC')
      .limit(DIGEST_MAX_ALERTS)
      .getMany();
    return { alerts, total };
  }
}
