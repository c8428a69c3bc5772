import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../../common/time/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { EMAIL_MAILS_PER_HOUR } from '../../../config/plans.js';
import type { AlertEntity } from '../../alerts/alert.entity.js';
import type { EmailSubscriptionEntity } from '../subscriptions/email-subscription.entity.js';
import { EmailSubscriptionStore } from '../subscriptions/email-subscription.store.js';
import { unsubscribeUrl } from '../subscriptions/email-tokens.js';
import { MailBudget } from './mail-budget.store.js';
import { alertsMail } from './mail-templates.js';
import { Mailer } from './mailer.service.js';

export type AlertMailOutcome =
  | { kind: 'sent' }
  | { kind: 'failed'; error: string }
  /** The account's mails for this hour are spent: nothing was sent. */
  | { kind: 'over_budget'; nextHourAt: number };

/**
 * One mail of alerts (instant or digest) to a confirmed subscription, counted against its
 * account's hourly budget; the outcome is recorded on the subscription, where the dashboard
 * shows it.
 */
@Injectable()
export class AlertMailSender {
  constructor(
    private readonly subscriptions: EmailSubscriptionStore,
    private readonly budget: MailBudget,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** `alerts` newest first; `digestThrough`: where the next digest starts once this one is sent. */
  async send(
    subscription: EmailSubscriptionEntity,
    alerts: readonly AlertEntity[],
    notShown: number,
    digestThrough?: number,
  ): Promise<AlertMailOutcome> {
    const linkBaseUrl = this.config.email?.linkBaseUrl;
    if (linkBaseUrl === undefined)
      return this.failed(subscription, 'email is not configured (SMTP_URL is unset)');
    const allowance = await this.budget.take(subscription.accountId);
    if (!allowance.allowed) {
      const resumes = new Date(allowance.nextHourAt).toISOString().slice(11, 16);
      await this.subscriptions.recordFailure(
        subscription.id,
        `the account's ${EMAIL_MAILS_PER_HOUR} mails per hour are spent; sending resumes at ${resumes} UTC`,
        this.clock.nowMs(),
      );
      return { kind: 'over_budget', nextHourAt: allowance.nextHourAt };
    }
    const link = unsubscribeUrl(linkBaseUrl, subscription.unsubscribeToken);
    const content = alertsMail({
      frequency: subscription.frequency,
      alerts,
      notShown,
      unsubscribeUrl: link,
    });
    const outcome = await this.mailer.send({
      ...content,
      to: subscription.email,
      unsubscribeUrl: link,
      date: this.clock.now(),
    });
    if (!outcome.ok) return this.failed(subscription, outcome.error);
    await this.subscriptions.recordSent(subscription.id, this.clock.nowMs(), digestThrough);
    return { kind: 'sent' };
  }

  private async failed(
    subscription: EmailSubscriptionEntity,
    error: string,
  ): Promise<AlertMailOutcome> {
    await this.subscriptions.recordFailure(subscription.id, error, this.clock.nowMs());
    return { kind: 'failed', error };
  }
}
