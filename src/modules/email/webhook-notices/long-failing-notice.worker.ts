import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { Logger } from 'pino';
import { BackgroundLoop } from '../../../common/background/background-loop.js';
import { groupBy } from '../../../common/group-by.js';
import { hostOf } from '../../../common/network/webhook-url.js';
import { Clock } from '../../../common/time/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { ROOT_LOGGER } from '../../../core.module.js';
import { DASHBOARD_PATH } from '../../dashboard/dashboard-handler.js';
import { UserStore } from '../../users/user.store.js';
import {
  LongFailingWebhooksService,
  type NoticeClaim,
} from '../../webhooks/long-failing-webhooks.service.js';
import type { LongFailingWebhook } from '../../webhooks/webhook.store.js';
import { MailBudget } from '../sending/mail-budget.store.js';
import { Mailer } from '../sending/mailer.service.js';
import { longFailingMail } from './long-failing-mail.js';

export interface NoticeRunSummary {
  /** Mails sent: one per account, about all of its webhooks claimed in the turn. */
  mails: number;
  /** The webhooks those mails were about. */
  webhooks: number;
  /** Webhooks whose mail did not go out (refused, or the hourly budget spent): claimed again next turn. */
  deferred: number;
}

/** The wait between turns: a webhook is mailed about at most this long after its third day. */
export const NOTICE_INTERVAL_MS = 10 * 60_000;

/**
 * Mails each account about its webhooks that have failed for LONG_FAILING_DAYS, once per streak
 * (decisions section 16), in processes that run background jobs, with SMTP_URL set. At most once:
 * a turn claims the notices before mailing (LongFailingWebhooksService.claimNotices), so of
 * several instances one mails, and a crash between the claim and the mail loses that notice.
 */
@Injectable()
export class LongFailingNoticeWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger: Logger;
  private readonly loop: BackgroundLoop;

  constructor(
    private readonly longFailing: LongFailingWebhooksService,
    private readonly users: UserStore,
    private readonly budget: MailBudget,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) rootLogger: Logger,
  ) {
    this.logger = rootLogger.child({ component: 'long-failing-notice-worker' });
    this.loop = new BackgroundLoop({
      name: 'long-failing webhook notices',
      logger: this.logger,
      idleMs: NOTICE_INTERVAL_MS,
      turn: () => this.runOnce(),
    });
  }

  onApplicationBootstrap(): void {
    if (this.config.backgroundJobs && this.config.email !== null) this.loop.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.loop.stop();
  }

  async runOnce(): Promise<NoticeRunSummary> {
    const summary: NoticeRunSummary = { mails: 0, webhooks: 0, deferred: 0 };
    const linkBaseUrl = this.config.email?.linkBaseUrl;
    if (linkBaseUrl === undefined) return summary;
    const claim = await this.longFailing.claimNotices();
    const byAccount = groupBy(claim.webhooks, (webhook) => webhook.accountId);
    for (const [accountId, webhooks] of byAccount) {
      switch (await this.notify(claim, accountId, webhooks, linkBaseUrl)) {
        case 'sent':
          summary.mails += 1;
          summary.webhooks += webhooks.length;
          break;
        case 'deferred':
          summary.deferred += webhooks.length;
          break;
        case 'nobody':
          break;
      }
    }
    return summary;
  }

  private async notify(
    claim: NoticeClaim,
    accountId: string,
    webhooks: LongFailingWebhook[],
    linkBaseUrl: string,
  ): Promise<'sent' | 'deferred' | 'nobody'> {
    // decisions section 15's admins and owners: until an account's users have roles, every one
    // of them (section 15 makes the users of today owners).
    const recipients = (await this.users.usersOf(accountId)).map((user) => user.email);
    // An account used through its API keys alone: the notice stays claimed, the banner shows it.
    if (recipients.length === 0) return 'nobody';
    const allowance = await this.budget.take(accountId);
    const outcome = allowance.allowed
      ? await this.mailer.send({
          ...longFailingMail(
            webhooks.map((webhook) => ({
              name: webhook.name,
              host: hostOf(webhook.url),
              failingSince: webhook.failingSince,
              lastError: webhook.lastError,
              pageUrl: `${linkBaseUrl}${DASHBOARD_PATH}/webhooks/${webhook.id}`,
            })),
          ),
          to: recipients.join(', '),
          date: this.clock.now(),
        })
      : { ok: false as const, error: "the account's mails for this hour are spent" };
    if (outcome.ok) return 'sent';
    this.logger.warn(
      { accountId, webhooks: webhooks.length, error: outcome.error },
      'long-failing webhook notice not sent; trying again next turn',
    );
    await this.longFailing.releaseNotices(claim, webhooks);
    return 'deferred';
  }
}
