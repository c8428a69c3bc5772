import { createHmac } from 'node:crypto';
import { verify } from '@octokit/webhooks-methods';
import { signatureOf, signedWebhookRequest } from './signed-webhook-request.js';

const SECRET = 'a'.repeat(64);

describe('signed webhook requests', () => {
  const request = signedWebhookRequest({
    url: 'https://hooks.example.com/in',
    secret: SECRET,
    webhookId: 'wh-1',
    deliveryId: 'dl-1',
    event: 'comment',
    payload: { event: 'comment', title: 'Crème brûlée 🍮', n: 1, nothing: null },
  });

  it('serialises the payload once, in its key order, without whitespace', () => {
    expect(request.body).toBe('{"event":"comment","title":"Crème brûlée 🍮","n":1,"nothing":null}');
  });

  it('sends exactly the spec headers plus X-Webhook-Delivery', () => {
    expect(request.headers).toEqual({
      'Content-Type': 'application/json',
      'User-Agent': 'Service-Webhook/1.0',
      'X-Webhook-ID': 'wh-1',
      'X-Webhook-Event': 'comment',
      'X-Webhook-Signature': signatureOf(SECRET, request.body),
      'X-Webhook-Delivery': 'dl-1',
    });
  });

  it('signs the UTF-8 bytes of the body, as a receiver checks them', async () => {
    const bytes = Buffer.from(request.body, 'utf8');
    const expected = `sha256=${createHmac('sha256', SECRET).update(bytes).digest('hex')}`;

    expect(request.headers['X-Webhook-Signature']).toBe(expected);
    expect(expected).toMatch(/^sha256=[0-9a-f]{64}$/);
    await expect(verify(SECRET, request.body, expected)).resolves.toBe(true);
    await expect(verify('b'.repeat(64), request.body, expected)).resolves.toBe(false);
  });
});
