import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { newId } from '../../common/ids.js';
import { Clock } from '../../common/time/clock.js';
import { WebhookSecretCipher } from '../webhooks/secrets/webhook-secret-cipher.js';
import { DeliveryStore } from './delivery.store.js';
import { signingSecretsAt } from '../webhooks/signing-secrets.js';
import { signedWebhookRequest } from './signed-webhook-request.js';
import { testPayload } from './test-payload.js';
import { WebhookSender } from './webhook-sender.js';

/** The answer of POST /webhooks/:id/test. */
export interface WebhookTestResult {
  ok: boolean;
  status: number | null;
  error: string | null;
}

/** Sends the sample payload to a webhook now, and records the attempt like a real delivery. */
@Injectable()
export class WebhookTester {
  constructor(
    private readonly store: DeliveryStore,
    private readonly sender: WebhookSender,
    private readonly clock: Clock,
    private readonly cipher: WebhookSecretCipher,
  ) {}

  async test(accountId: string, webhookId: string): Promise<WebhookTestResult> {
    const webhook = await this.store.findLiveWebhook(accountId, webhookId);
    if (webhook === null) throw AppError.notFound('Webhook');
    const attemptedAt = this.clock.nowMs();
    const result = await this.sender.send(
      signedWebhookRequest({
        url: webhook.url,
        secrets: signingSecretsAt(this.cipher.openSecrets(webhook), attemptedAt),
        sentAtSeconds: Math.floor(attemptedAt / 1000),
        webhookId: webhook.id,
        deliveryId: newId(),
        event: 'test',
        payload: testPayload(webhook.id, attemptedAt),
      }),
    );
    await this.store.recordTestAttempt(webhook.id, result, attemptedAt);
    return { ok: result.ok, status: result.status, error: result.error };
  }
}
