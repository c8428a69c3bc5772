import { Injectable } from '@nestjs/common';
import { Clock } from '../../../common/time/clock.js';
import { AlertMailSender } from '../sending/alert-mail-sender.js';
import type {
  DigestFrequency,
  EmailSubscriptionEntity,
} from '../subscriptions/email-subscription.entity.js';
import { EmailSubscriptionStore } from '../subscriptions/email-subscription.store.js';
import { DigestAlertsStore } from './digest-alerts.store.js';

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
    private readonly windows: DigestAlertsStore,
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
    const { alerts, total } = await this.windows.window(subscription, through);
    if (total === 0) return false;
    const outcome = await this.sender.send(subscription, alerts, total - alerts.length, through);
    return outcome.kind === 'sent';
  }
}
