import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { newId } from '../../common/ids.js';
import { checkWebhookUrl, describeUrlRejection } from '../../common/network/webhook-url.js';
import { DEFAULT_WEBHOOK_FORMAT } from '../delivery/formats/webhook-format.js';
import { DEFAULT_RETRY_POLICY } from '../delivery/retry-policy.js';
import { Clock } from '../../common/time/clock.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AccountAudit, changedFields } from '../account-audit/account-audit.service.js';
import {
  SECRET_CHANGED,
  type AccountAuditFields,
} from '../account-audit/account-audit-entry.entity.js';
import type { Caller } from '../auth/caller.js';
import { streakOnResume } from './failing-streak.js';
import { SecretNotOpened, WebhookSecretCipher } from './secrets/webhook-secret-cipher.js';
import { newWebhookSecret } from './signing-secrets.js';
import { WebhookEntity } from './webhook.entity.js';
import { WebhookStore, type WebhookFields } from './webhook.store.js';
import { WEBHOOK_CHANGE_FIELDS, type WebhookChange, type WebhookDraft } from './webhook-rules.js';

@Injectable()
export class WebhooksService {
  constructor(
    private readonly store: WebhookStore,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cipher: WebhookSecretCipher,
    private readonly audit: AccountAudit,
  ) {}

  list(accountId: string): Promise<WebhookEntity[]> {
    return this.store.listLive(accountId);
  }

  async create(
    caller: Caller,
    draft: WebhookDraft,
  ): Promise<{ webhook: WebhookEntity; secret: string }> {
    const checked = checkWebhookUrl(draft.url, { allowPrivate: this.config.webhooks.allowPrivate });
    if (!checked.ok) throw AppError.invalidBody(describeUrlRejection(checked));
    const secret = newWebhookSecret();
    const id = newId();
    const webhook = Object.assign(new WebhookEntity(), {
      id,
      accountId: caller.accountId,
      name: draft.name ?? checked.url.hostname,
      url: checked.url.href,
      format: draft.format ?? DEFAULT_WEBHOOK_FORMAT,
      retryPolicy: draft.retryPolicy ?? DEFAULT_RETRY_POLICY,
      secret: this.cipher.seal(id, secret),
      previousSecret: null,
      secretRotatedAt: null,
      active: true,
      lastDeliveryAt: null,
      totalDeliveries: 0,
      lastError: null,
      consecutiveFailures: 0,
      createdAt: this.clock.nowMs(),
      deletedAt: null,
    });
    await this.store.insert(webhook, (manager) =>
      this.audit.record(manager, caller, {
        action: 'webhook.created',
        resourceType: 'webhook',
        resourceId: webhook.id,
        before: null,
        after: { ...auditedWebhook(webhook), secret: SECRET_CHANGED },
      }),
    );
    return { webhook, secret };
  }

  async update(caller: Caller, webhookId: string, change: WebhookChange): Promise<WebhookEntity> {
    if (Object.values(change).every((value) => value === undefined)) {
      throw AppError.invalidBody(`Provide at least one of ${WEBHOOK_CHANGE_FIELDS.join(', ')}`);
    }
    return this.changeLive(caller, webhookId, 'webhook.updated', (webhook) => ({
      name: change.name ?? webhook.name,
      active: change.active ?? webhook.active,
      format: change.format ?? webhook.format,
      retryPolicy: change.retryPolicy ?? webhook.retryPolicy,
      ...streakOnResume(webhook, change.active),
    }));
  }

  /**
   * A new secret, shown once. The replaced one keeps signing (webhook-signature) for the overlap,
   * so receivers can switch without losing a delivery; a second rotation drops the oldest. A
   * replaced secret that does not open is dropped instead: rotating is how its webhook recovers.
   */
  async rotateSecret(
    caller: Caller,
    webhookId: string,
  ): Promise<{ webhook: WebhookEntity; secret: string }> {
    const secret = newWebhookSecret();
    const webhook = await this.changeLive(
      caller,
      webhookId,
      'webhook.secret_rotated',
      (webhook) => ({
        secret: this.cipher.seal(webhook.id, secret),
        // Moves over as stored: sealed, bound to this webhook's id.
        previousSecret: this.opens(webhook) ? webhook.secret : null,
        secretRotatedAt: this.clock.nowMs(),
      }),
    );
    return { webhook, secret };
  }

  async remove(caller: Caller, webhookId: string): Promise<void> {
    await this.changeLive(caller, webhookId, 'webhook.deleted', () => ({
      deletedAt: this.clock.nowMs(),
      active: false,
    }));
  }

  private opens(webhook: WebhookEntity): boolean {
    try {
      this.cipher.open(webhook.id, webhook.secret);
      return true;
    } catch (error) {
      if (error instanceof SecretNotOpened) return false;
      throw error;
    }
  }

  /** Changes the live webhook and records the change in the account's audit log, at once. */
  private async changeLive(
    caller: Caller,
    webhookId: string,
    action: string,
    change: (webhook: WebhookEntity) => WebhookFields,
  ): Promise<WebhookEntity> {
    const webhook = await this.store.changeLive(
      caller.accountId,
      webhookId,
      change,
      async (manager, before, after) => {
        const changes = changedFields(
          auditedWebhook(before),
          auditedWebhook(after),
          before.secret !== after.secret ? 'secret' : null,
        );
        if (!changes) return;
        await this.audit.record(manager, caller, {
          action,
          resourceType: 'webhook',
          resourceId: webhookId,
          ...changes,
        });
      },
    );
    if (!webhook) throw AppError.notFound('Webhook');
    return webhook;
  }

  async findLive(accountId: string, webhookId: string): Promise<WebhookEntity> {
    const webhook = await this.store.findLive(accountId, webhookId);
    if (!webhook) throw AppError.notFound('Webhook');
    return webhook;
  }
}

/** A webhook's fields as its audit entries show them; never its secret. */
function auditedWebhook(webhook: WebhookEntity): AccountAuditFields {
  return {
    name: webhook.name,
    url: webhook.url,
    format: webhook.format,
    retryPolicy: webhook.retryPolicy,
    active: webhook.active,
    deleted: webhook.deletedAt !== null,
  };
}
