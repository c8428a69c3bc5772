import { AccountAudit } from '../../account-audit/account-audit.service.js';
import type { AccountAuditFields } from '../../account-audit/account-audit-entry.entity.js';
import type { Caller } from '../../auth/caller.js';
import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '../../../common/errors/app-error.js';
import { newId } from '../../../common/ids.js';
import { Clock } from '../../../common/time/clock.js';
import { APP_CONFIG, type AppConfig, type EmailSettings } from '../../../config/app-config.js';
import { EMAIL_SUBSCRIPTION_LIMIT } from '../../../config/plans.js';
import { KeywordStore } from '../../keywords/keyword.store.js';
import { parseEmail } from '../../users/email-address.js';
import { MailBudget } from '../sending/mail-budget.store.js';
import { confirmationMail } from '../sending/mail-templates.js';
import { Mailer } from '../sending/mailer.service.js';
import { EmailSubscriptionEntity } from './email-subscription.entity.js';
import type { EmailSubscriptionDraft } from './email-subscription-rules.js';
import { EmailSubscriptionStore, type ConfirmationResult } from './email-subscription.store.js';
import {
  CONFIRMATION_LINK_TTL_MS,
  confirmUrl,
  hashLinkToken,
  LINK_TOKEN_FORMAT,
  newLinkToken,
  unsubscribeUrl,
} from './email-tokens.js';

/** Subscriptions' rules, for REST, GraphQL and the pages a mail links to. */
@Injectable()
export class EmailSubscriptionsService {
  constructor(
    private readonly store: EmailSubscriptionStore,
    private readonly keywords: KeywordStore,
    private readonly budget: MailBudget,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AccountAudit,
  ) {}

  list(accountId: string): Promise<EmailSubscriptionEntity[]> {
    return this.store.listOfAccount(accountId);
  }

  /**
   * A pending subscription, and its confirmation mail sent: the one mail an address gets before
   * it confirms. A failed send is recorded on the subscription (last_error); deleting and
   * creating it again sends a new link.
   */
  async create(caller: Caller, draft: EmailSubscriptionDraft): Promise<EmailSubscriptionEntity> {
    const { accountId } = caller;
    const settings = this.settings();
    const address = parseEmail(draft.email);
    if (address === null) throw AppError.invalidBody('email must be an email address');
    const keywordIds = [...new Set(draft.keyword_ids ?? [])];
    await this.checkKeywords(accountId, keywordIds);
    if ((await this.store.countLive(accountId)) >= EMAIL_SUBSCRIPTION_LIMIT) {
      throw AppError.invalidBody(
        `An account may have at most ${EMAIL_SUBSCRIPTION_LIMIT} email subscriptions; delete one first`,
      );
    }
    const allowance = await this.budget.take(accountId);
    if (!allowance.allowed) {
      const retryAfter = Math.max(1, Math.ceil((allowance.nextHourAt - this.clock.nowMs()) / 1000));
      throw new AppError(
        'rate_limited',
        "This account's mails for this hour are spent; the confirmation mail could not be sent",
        { 'Retry-After': String(retryAfter) },
      );
    }
    const now = this.clock.nowMs();
    const confirmToken = newLinkToken();
    const subscription = Object.assign(new EmailSubscriptionEntity(), {
      id: newId(),
      accountId,
      email: address.display,
      frequency: draft.frequency,
      keywordIds,
      status: 'pending',
      confirmTokenHash: hashLinkToken(confirmToken),
      confirmExpiresAt: now + CONFIRMATION_LINK_TTL_MS,
      unsubscribeToken: newLinkToken(),
      createdAt: now,
      confirmedAt: null,
      unsubscribedAt: null,
      digestThrough: null,
      lastSentAt: null,
      lastError: null,
      lastErrorAt: null,
    } satisfies EmailSubscriptionEntity);
    await this.store.insert(subscription, (manager) =>
      this.audit.record(manager, caller, {
        action: 'email_subscription.created',
        resourceType: 'email_subscription',
        resourceId: subscription.id,
        before: null,
        after: auditedSubscription(subscription),
      }),
    );
    await this.sendConfirmation(subscription, confirmToken, settings);
    return (await this.store.findById(subscription.id)) ?? subscription;
  }

  async remove(caller: Caller, id: string): Promise<void> {
    const removed = await this.store.remove(caller.accountId, id, (manager, subscription) =>
      this.audit.record(manager, caller, {
        action: 'email_subscription.deleted',
        resourceType: 'email_subscription',
        resourceId: subscription.id,
        before: auditedSubscription(subscription),
        after: null,
      }),
    );
    if (!removed) throw AppError.notFound('Email subscription');
  }

  /** A link token of the wrong shape is unknown without asking the database. */
  confirm(token: string): Promise<ConfirmationResult> {
    if (!LINK_TOKEN_FORMAT.test(token)) return Promise.resolve('unknown');
    return this.store.confirm(hashLinkToken(token), this.clock.nowMs());
  }

  unsubscribe(token: string): Promise<boolean> {
    if (!LINK_TOKEN_FORMAT.test(token)) return Promise.resolve(false);
    return this.store.unsubscribe(token, this.clock.nowMs());
  }

  private settings(): EmailSettings {
    if (this.config.email === null) {
      throw AppError.invalidBody(
        'Email is not configured on this server (SMTP_URL is unset); ask its operator',
      );
    }
    return this.config.email;
  }

  private async checkKeywords(accountId: string, keywordIds: readonly string[]): Promise<void> {
    if (keywordIds.length === 0) return;
    const live = await this.keywords.countLiveByIds(accountId, keywordIds);
    if (live !== keywordIds.length) {
      throw AppError.invalidBody('keyword_ids must be ids of keywords of this account');
    }
  }

  private async sendConfirmation(
    subscription: EmailSubscriptionEntity,
    token: string,
    settings: EmailSettings,
  ): Promise<void> {
    const content = confirmationMail({
      frequency: subscription.frequency,
      confirmUrl: confirmUrl(settings.linkBaseUrl, token),
      unsubscribeUrl: unsubscribeUrl(settings.linkBaseUrl, subscription.unsubscribeToken),
      expiresAt: new Date(subscription.confirmExpiresAt!),
    });
    const outcome = await this.mailer.send({
      ...content,
      to: subscription.email,
      unsubscribeUrl: unsubscribeUrl(settings.linkBaseUrl, subscription.unsubscribeToken),
      date: this.clock.now(),
    });
    if (!outcome.ok) {
      await this.store.recordFailure(subscription.id, outcome.error, this.clock.nowMs());
    }
  }
}

/** A subscription's fields as its audit entries show them; never its link tokens. */
function auditedSubscription(subscription: EmailSubscriptionEntity): AccountAuditFields {
  return {
    email: subscription.email,
    frequency: subscription.frequency,
    keywordIds: subscription.keywordIds,
    status: subscription.status,
  };
}
