import { createHmac } from 'node:crypto';
import { verify } from '@octokit/webhooks-methods';
import { Webhook } from 'standardwebhooks';
import { standardWebhooksSecret } from '../webhooks/signing-secrets.js';
import {
  signatureOf,
  signedWebhookRequest,
  type WebhookMessage,
} from './signed-webhook-request.js';

const SECRET = 'a'.repeat(64);
const OLD_SECRET = 'b'.repeat(64);
const NOW_SECONDS = Math.floor(Date.now() / 1000);

const message = (overrides: Partial<WebhookMessage> = {}): WebhookMessage => ({
  url: 'https://hooks.example.com/in',
  secrets: { current: SECRET, previous: null },
  webhookId: 'wh-1',
  deliveryId: 'dl-1',
  event: 'comment',
  payload: { event: 'comment', title: 'Crème brûlée 🍮', n: 1, nothing: null },
  sentAtSeconds: NOW_SECONDS,
  ...overrides,
});

/** Node's http lower-cases header names; the standardwebhooks library reads them so. */
const lowerCased = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

describe('signed webhook requests', () => {
  const request = signedWebhookRequest(message());

  it('serialises the payload once, in its key order, without whitespace', () => {
    expect(request.body).toBe('{"event":"comment","title":"Crème brûlée 🍮","n":1,"nothing":null}');
  });

  it('sends the spec headers, X-Webhook-Delivery and the Standard Webhooks headers', () => {
    expect(request.headers).toEqual({
      'Content-Type': 'application/json',
      'User-Agent': 'Service-Webhook/1.0',
      'X-Webhook-ID': 'wh-1',
      'X-Webhook-Event': 'comment',
      'X-Webhook-Signature': signatureOf(SECRET, request.body),
      'X-Webhook-Delivery': 'dl-1',
      'webhook-id': 'dl-1',
      'webhook-timestamp': String(NOW_SECONDS),
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]{43}=$/),
    });
  });

  it('signs the UTF-8 bytes of the body, as a receiver checks them', async () => {
    const bytes = Buffer.from(request.body, 'utf8');
    const expected = `sha256=${createHmac('sha256', SECRET).update(bytes).digest('hex')}`;

    expect(request.headers['X-Webhook-Signature']).toBe(expected);
    expect(expected).toMatch(/^sha256=[0-9a-f]{64}$/);
    await expect(verify(SECRET, request.body, expected)).resolves.toBe(true);
    await expect(verify(OLD_SECRET, request.body, expected)).resolves.toBe(false);
  });

  it('verifies with the standardwebhooks library and the secret in its whsec_ form', () => {
    const receiver = new Webhook(standardWebhooksSecret(SECRET));
    expect(receiver.verify(request.body, lowerCased(request.headers))).toEqual(
      JSON.parse(request.body),
    );
    expect(() =>
      new Webhook(standardWebhooksSecret(OLD_SECRET)).verify(
        request.body,
        lowerCased(request.headers),
      ),
    ).toThrow();
  });

  it('carries both signatures while a rotation overlaps; X-Webhook-Signature only the new one', () => {
    const rotated = signedWebhookRequest(
      message({ secrets: { current: SECRET, previous: OLD_SECRET } }),
    );
    const headers = lowerCased(rotated.headers);

    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    for (const secret of [SECRET, OLD_SECRET]) {
      expect(
        new Webhook(standardWebhooksSecret(secret)).verify(rotated.body, headers),
      ).toBeTruthy();
    }
    expect(headers['x-webhook-signature']).toBe(signatureOf(SECRET, rotated.body));
  });

  it('is refused by a Standard Webhooks receiver when replayed long after it was signed', () => {
    const stale = signedWebhookRequest(message({ sentAtSeconds: NOW_SECONDS - 3_600 }));
    expect(() =>
      new Webhook(standardWebhooksSecret(SECRET)).verify(stale.body, lowerCased(stale.headers)),
    ).toThrow(/timestamp/i);
  });
});
