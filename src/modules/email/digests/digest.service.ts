import { Injectable } from '@nestjs/common';
import { Clock } from '../../../common/time/clock.js';
import { AlertStore } from '../../alerts/alert.store.js';
import { AlertMailSender } from '../sending/alert-mail-sender.js';
import type {
  DigestFrequency,
  EmailSubscriptionEntity,
} from '../subscriptions/email-subscription.entity.js';
import { EmailSubscriptionStore } from '../subscriptions/email-subscription.store.js';

/** Alerts a digest lists at most; the rest are counted. */
const DIGEST_MAX_ALERTS = 100;

/** Digests sent side by side, within the SMTP pool's connections. */
const DIGESTS_AT_ONCE = 5;

export interface DigestRunSummary {
  /** Digests sent; a subscription with no new alert gets none. */
  sent: number;
}

/**
 * Sends every confirmed subscription of a frequency its digest: the alerts since its previous
 * digest. A digest that fails or finds the hourly budget spent leaves the window where it was,
 * so the next one covers those alerts too.
 */
@Injectable()
export class DigestService {
  constructor(
    private readonly subscriptions: EmailSubscriptionStore,
    private readonly alerts: AlertStore,
    private readonly sender: AlertMailSender,
    private readonly clock: Clock,
  ) {}

  async sendDigests(frequency: DigestFrequency): Promise<DigestRunSummary> {
    const through = this.clock.nowMs();
    const queue = await this.subscriptions.activeOfFrequency(frequency);
    let sent = 0;
    const work = async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        if (await this.sendOne(next, through)) sent += 1;
      }
    };
    await Promise.all(Array.from({ length: DIGESTS_AT_ONCE }, work));
    return { sent };
  }

  private async sendOne(subscription: EmailSubscriptionEntity, through: number): Promise<boolean> {
    const { alerts, total } = await this.alerts.newestMatched(
      {
        accountId: subscription.accountId,
        keywordIds: subscription.keywordIds,
        after: subscription.digestThrough ?? subscription.confirmedAt ?? through,
        through,
      },
      DIGEST_MAX_ALERTS,
    );
    if (total === 0) return false;
    const outcome = await this.sender.send(subscription, alerts, total - alerts.length, through);
    return outcome.kind === 'sent';
  }
}
