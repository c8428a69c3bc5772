import { createCipheriv, randomBytes } from 'node:crypto';
import { newId } from '../../src/common/ids.js';
import { WebhookEntity } from '../../src/modules/webhooks/webhook.entity.js';
import type { WebhookResponseDto as WebhookResponse } from '../../src/modules/webhooks/dto/webhook-response.dto.js';
import { newWebhookSecret } from '../../src/modules/webhooks/signing-secrets.js';
import { bearer, type TestApp } from '../utils/create-test-app.js';
import type { TestStorage } from '../utils/test-storage.js';

export interface CreatedWebhook {
  id: string;
  secret: string;
}

/** Creates a webhook through POST /api/v1/webhooks, as a client does; returns its id and secret. */
export async function createWebhook(
  t: TestApp,
  apiKey: string,
  url: string,
  fields: Record<string, unknown> = {},
): Promise<CreatedWebhook> {
  const res = await t.http
    .post('/api/v1/webhooks')
    .set(bearer(apiKey))
    .send({ url, ...fields });
  if (res.status !== 201) throw new Error(`creating a webhook failed: ${res.status} ${res.text}`);
  const body = res.body as { data: WebhookResponse; secret: string };
  return { id: body.data.id, secret: body.secret };
}

export type WebhookOverrides = Partial<WebhookEntity> & { accountId: string };

/** Stores an active webhook row with a plain (unsealed) secret and no deliveries yet. */
export async function insertWebhook(
  storage: TestStorage,
  overrides: WebhookOverrides,
): Promise<WebhookEntity> {
  const webhook = Object.assign(new WebhookEntity(), {
    id: newId(),
    name: 'hooks.example.com',
    url: 'https://hooks.example.com/alerts',
    format: 'json',
    retryPolicy: 'none',
    secret: newWebhookSecret(),
    previousSecret: null,
    secretRotatedAt: null,
    active: true,
    lastDeliveryAt: null,
    totalDeliveries: 0,
    lastError: null,
    consecutiveFailures: 0,
    failingSince: null,
    failingNoticeAt: null,
    createdAt: storage.clock.nowMs(),
    deletedAt: null,
    ...overrides,
  });
  await storage.database.transaction((manager) => manager.insert(WebhookEntity, webhook));
  return webhook;
}

/** How versions before key ids sealed a secret: `enc:v1:<iv>:<ciphertext and tag>`, naming no key. */
export function sealedByEarlierVersion(key: Buffer, webhookId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
  cipher.setAAD(Buffer.from(webhookId, 'utf8'));
  const sealed = Buffer.concat([
    cipher.update(secret, 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return `enc:v1:${iv.toString('base64')}:${sealed.toString('base64')}`;
}
