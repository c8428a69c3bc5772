import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/time/clock.js';
import { longFailingSince } from './failing-streak.js';
import { WebhookStore, type LongFailingWebhook } from './webhook.store.js';

/** Long-failing webhooks whose notice the caller now owns: it mails them, or releases them. */
export interface NoticeClaim {
  claimedAt: number;
  webhooks: LongFailingWebhook[];
}

/** The webhooks whose every attempt has failed for LONG_FAILING_DAYS, and their one notice. */
@Injectable()
export class LongFailingWebhooksService {
  constructor(
    private readonly store: WebhookStore,
    private readonly clock: Clock,
  ) {}

  /** The account's long-failing webhooks, the longest failing first: the dashboard's banner. */
  list(accountId: string): Promise<LongFailingWebhook[]> {
    return this.store.listFailingSince(accountId, longFailingSince(this.clock.nowMs()));
  }

  /**
   * The long-failing webhooks whose streak has had no notice, marked as noticed: a crash before
   * the mail goes out loses that notice rather than sending it twice.
   */
  async claimNotices(): Promise<NoticeClaim> {
    const now = this.clock.nowMs();
    return { claimedAt: now, webhooks: await this.store.claimNotices(longFailingSince(now), now) };
  }

  /** A notice that could not be sent is claimed again by the next turn. */
  releaseNotices(claim: NoticeClaim, webhooks: readonly LongFailingWebhook[]): Promise<void> {
    return this.store.releaseNotices(
      webhooks.map((webhook) => webhook.id),
      claim.claimedAt,
    );
  }
}
