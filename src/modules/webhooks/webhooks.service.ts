import { Inject, Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { AppError } from '../../common/errors/app-error.js';
import { newId } from '../../common/ids.js';
import { checkWebhookUrl, describeUrlRejection } from '../../common/network/webhook-url.js';
import { Clock } from '../../common/time/clock.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Database } from '../../database/database.js';
import { WebhookSecretCipher } from './secrets/webhook-secret-cipher.js';
import { newWebhookSecret } from './signing-secrets.js';
import { WebhookEntity } from './webhook.entity.js';
import type { WebhookChange, WebhookDraft } from './webhook-rules.js';

@Injectable()
export class WebhooksService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cipher: WebhookSecretCipher,
  ) {}

  list(accountId: string): Promise<WebhookEntity[]> {
    return this.database.manager.find(WebhookEntity, {
      where: { accountId, deletedAt: IsNull() },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  async create(
    accountId: string,
    draft: WebhookDraft,
  ): Promise<{ webhook: WebhookEntity; secret: string }> {
    const checked = checkWebhookUrl(draft.url, { allowPrivate: this.config.webhooks.allowPrivate });
    if (!checked.ok) throw AppError.invalidBody(describeUrlRejection(checked));
    const secret = newWebhookSecret();
    const id = newId();
    const webhook = Object.assign(new WebhookEntity(), {
      id,
      accountId,
      name: draft.name ?? checked.url.hostname,
      url: checked.url.href,
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
    await this.database.transaction((manager) => manager.insert(WebhookEntity, webhook));
    return { webhook, secret };
  }

  async update(
    accountId: string,
    webhookId: string,
    change: WebhookChange,
  ): Promise<WebhookEntity> {
    if (change.name === undefined && change.active === undefined) {
      throw AppError.invalidBody('Provide at least one of name, active');
    }
    return this.database.transaction(async (manager) => {
      const webhook = await this.findLive(accountId, webhookId);
      webhook.name = change.name ?? webhook.name;
      webhook.active = change.active ?? webhook.active;
      await manager.update(
        WebhookEntity,
        { id: webhook.id },
        { name: webhook.name, active: webhook.active },
      );
      return webhook;
    });
  }

  /**
   * A new secret, shown once. The replaced one keeps signing (webhook-signature) for the overlap,
   * so receivers can switch without losing a delivery; a second rotation drops the oldest.
   */
  async rotateSecret(accountId: string, webhookId: string): Promise<string> {
    const secret = newWebhookSecret();
    await this.database.transaction(async (manager) => {
      // The replaced secret moves over as stored (sealed with this webhook's id, or plain).
      const webhook = await this.findLive(accountId, webhookId);
      await manager.update(
        WebhookEntity,
        { id: webhook.id },
        {
          secret: this.cipher.seal(webhook.id, secret),
          previousSecret: webhook.secret,
          secretRotatedAt: this.clock.nowMs(),
        },
      );
    });
    return secret;
  }

  async remove(accountId: string, webhookId: string): Promise<void> {
    await this.database.transaction(async (manager) => {
      const webhook = await this.findLive(accountId, webhookId);
      await manager.update(
        WebhookEntity,
        { id: webhook.id },
        { deletedAt: this.clock.nowMs(), active: false },
      );
    });
  }

  async findLive(accountId: string, webhookId: string): Promise<WebhookEntity> {
    const webhook = await this.database.manager.findOneBy(WebhookEntity, {
      id: webhookId,
      accountId,
      deletedAt: IsNull(),
    });
    if (!webhook) throw AppError.notFound('Webhook');
    return webhook;
  }
}
