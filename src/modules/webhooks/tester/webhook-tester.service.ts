import { Injectable } from '@nestjs/common';
import { newId } from '../../../common/ids.js';
import { Clock } from '../../../common/time/clock.js';
import { webhookBody } from '../../delivery/formats/webhook-body.js';
import { signedWebhookRequest } from '../../delivery/signed-webhook-request.js';
import type { AttemptOutcome } from '../../delivery/webhook-targets.js';
import { WebhookSender } from '../../delivery/webhook-sender.js';
import { WebhookTargetsStore } from '../targets/webhook-targets.store.js';
import { SecretNotOpened, WebhookSecretCipher } from '../secrets/webhook-secret-cipher.js';
import { signingSecretsAt } from '../signing-secrets.js';
import type { WebhookEntity } from '../webhook.entity.js';
import { WebhooksService } from '../webhooks.service.js';
import { sampleAlert } from './test-payload.js';
import type { WebhookTestResultDto } from '../dto/webhook-test-result.dto.js';

/** Sends the sample payload to a webhook now, and records the attempt like a real delivery. */
@Injectable()
export class WebhookTester {
  constructor(
    private readonly webhooks: WebhooksService,
    private readonly state: WebhookTargetsStore,
    private readonly sender: WebhookSender,
    private readonly clock: Clock,
    private readonly cipher: WebhookSecretCipher,
  ) {}

  /** A paused webhook can be tested; a deleted one is not found. */
  async test(accountId: string, webhookId: string): Promise<WebhookTestResultDto> {
    const webhook = await this.webhooks.findLive(accountId, webhookId);
    const attemptedAt = this.clock.nowMs();
    const result = await this.attempt(webhook, attemptedAt);
    await this.state.recordAttempt({ webhookId: webhook.id, outcome: result, attemptedAt });
    return { ok: result.ok, status: result.status, error: result.error };
  }

  /** Fails unsent, like a delivery, when the webhook's stored secret does not open. */
  private async attempt(webhook: WebhookEntity, attemptedAt: number): Promise<AttemptOutcome> {
    let opened: WebhookEntity;
    try {
      opened = this.cipher.openSecrets(webhook);
    } catch (error) {
      if (!(error instanceof SecretNotOpened)) throw error;
      return { ok: false, status: null, error: error.attemptError, durationMs: 0 };
    }
    return this.sender.send(
      signedWebhookRequest({
        url: webhook.url,
        secrets: signingSecretsAt(opened, attemptedAt),
        sentAtSeconds: Math.floor(attemptedAt / 1000),
        webhookId: webhook.id,
        deliveryId: newId(),
        event: 'test',
        payload: webhookBody(webhook.format, sampleAlert(attemptedAt), {
          webhookId: webhook.id,
          test: true,
        }),
      }),
    );
  }
}
