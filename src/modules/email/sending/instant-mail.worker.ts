import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { Logger } from 'pino';
import type { BackgroundLoop } from '../../../common/background/background-loop.js';
import { Clock } from '../../../common/time/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { ROOT_LOGGER } from '../../../core.module.js';
import { CommitWakeups } from '../../../database/commit-wakeups.js';
import { EmailSubscriptionStore } from '../subscriptions/email-subscription.store.js';
import { AlertStore } from '../../alerts/alert.store.js';
import { AlertMailSender } from './alert-mail-sender.js';
import { INSTANT_MAIL_DUE } from './instant-mail.outbox.js';
import { MailOutboxStore, type ClaimedMail } from './mail-outbox.store.js';
import { newestFirst } from './newest-first.js';

export interface InstantMailRunSummary {
  /** Mails sent; each carries every claimed alert of one subscription. */
  mails: number;
  /** Outbox rows mailed, failed, put off to the next hour, canceled. */
  sent: number;
  failed: number;
  deferred: number;
  canceled: number;
}

/**
 * How often the outbox is looked at without a wake-up: rows written by another process without
 * REDIS_URL (the admin command) wait at most this; so do rows put off to the next hour.
 */
export const MAIL_POLL_MS = 250;
/** Rows claimed at once; a subscription's rows among them go out as one mail. */
const CLAIM_LIMIT = 100;
/** Longer than any SMTP exchange (nodemailer's timeouts), so only a dead worker lets it expire. */
const LEASE_MS = 120_000;

const emptySummary = (): InstantMailRunSummary => ({
  mails: 0,
  sent: 0,
  failed: 0,
  deferred: 0,
  canceled: 0,
});

/**
 * Drains the instant-mail outbox: claims due rows under a lease, sends one mail per subscription
 * with its alerts, and settles the rows; a crash loses nothing (docs/email.md: at least once).
 */
@Injectable()
export class InstantMailWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger: Logger;
  private readonly loop: BackgroundLoop;

  constructor(
    private readonly outbox: MailOutboxStore,
    private readonly alerts: AlertStore,
    private readonly subscriptions: EmailSubscriptionStore,
    private readonly sender: AlertMailSender,
    private readonly clock: Clock,
    wakeups: CommitWakeups,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) rootLogger: Logger,
  ) {
    this.logger = rootLogger.child({ component: 'instant-mail-worker' });
    this.loop = wakeups.backgroundLoop(INSTANT_MAIL_DUE, {
      name: 'instant mail worker',
      logger: this.logger,
      idleMs: MAIL_POLL_MS,
      turn: () => this.runOnce(),
    });
  }

  onApplicationBootstrap(): void {
    if (this.config.backgroundJobs && this.config.email !== null) this.loop.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.loop.stop();
  }

  async runOnce(): Promise<InstantMailRunSummary> {
    const summary = emptySummary();
    for (;;) {
      const now = this.clock.nowMs();
      const claims = await this.outbox.claimDue({
        now,
        leaseUntil: now + LEASE_MS,
        limit: CLAIM_LIMIT,
      });
      if (claims.length === 0) return summary;
      const bySubscription = new Map<string, ClaimedMail[]>();
      for (const claim of claims) {
        bySubscription.set(claim.subscriptionId, [
          ...(bySubscription.get(claim.subscriptionId) ?? []),
          claim,
        ]);
      }
      await Promise.all(
        [...bySubscription.entries()].map(([id, rows]) => this.mail(id, rows, summary)),
      );
      if (this.loop.stopping) return summary;
    }
  }

  /** One subscription's claimed rows: one mail, or canceled when it ended meanwhile. */
  private async mail(
    subscriptionId: string,
    claims: ClaimedMail[],
    summary: InstantMailRunSummary,
  ): Promise<void> {
    const now = this.clock.nowMs();
    const subscription = await this.subscriptions.findById(subscriptionId);
    const found = await this.alerts.findByIds(claims.map((claim) => claim.alertId));
    const alerts = newestFirst([...found.values()]);
    if (subscription?.status !== 'active' || alerts.length === 0) {
      await this.outbox.settle(claims, {
        status: 'canceled',
        at: now,
        error: 'subscription ended',
      });
      summary.canceled += claims.length;
      return;
    }
    const outcome = await this.sender.send(subscription, alerts, 0);
    switch (outcome.kind) {
      case 'sent':
        await this.outbox.settle(claims, { status: 'sent', at: this.clock.nowMs(), error: null });
        summary.mails += 1;
        summary.sent += claims.length;
        return;
      case 'failed':
        this.logger.warn({ subscriptionId, error: outcome.error }, 'instant mail failed');
        await this.outbox.settle(claims, {
          status: 'failed',
          at: this.clock.nowMs(),
          error: outcome.error,
        });
        summary.failed += claims.length;
        return;
      case 'over_budget':
        await this.outbox.defer(claims, outcome.nextHourAt);
        summary.deferred += claims.length;
        return;
      default: {
        const unreachable: never = outcome;
        return unreachable;
      }
    }
  }
}
