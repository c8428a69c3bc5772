import type { Response } from 'supertest';
import type { WebhookResponseDto as WebhookResponse } from '../../src/modules/webhooks/dto/webhook-response.dto.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

/** A webhook's fields, in the documented order. */
const WEBHOOK_FIELDS = [
  'id',
  'name',
  'url',
  'format',
  'retry_policy',
  'active',
  'last_delivery_at',
  'total_deliveries',
  'last_error',
  'consecutive_failures',
  'created_at',
];

const HOOK_URL = 'https://hooks.example.com/reddit-alerts';
const CREATED_AT = '2026-11-21T10:00:00.000+00:00';

interface CreatedWebhook {
  data: WebhookResponse;
  secret: string;
}

interface WebhookList {
  data: WebhookResponse[];
  count: number;
}

function expectError(res: Response, status: number, code: string): void {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ error: expect.any(String), code });
  expect((res.body as { error: string }).error.length).toBeGreaterThan(0);
}

/** A webhook as it looks right after creation. */
const freshWebhook = (name: string, url: string = HOOK_URL): WebhookResponse => ({
  id: expect.any(String),
  name,
  url,
  format: 'json',
  retry_policy: 'none',
  active: true,
  last_delivery_at: null,
  total_deliveries: 0,
  last_error: null,
  consecutive_failures: 0,
  created_at: CREATED_AT,
});

describe.each(testDatabaseKinds())('webhooks API on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const newKey = async () => (await t.account('starter', 'alerts')).apiKey;

  const postWebhook = (apiKey: string, body: unknown) =>
    t.http
      .post('/api/v1/webhooks')
      .set(bearer(apiKey))
      .send(body as object);

  const patchWebhook = (apiKey: string, id: string, body: unknown) =>
    t.http
      .patch(`/api/v1/webhooks/${id}`)
      .set(bearer(apiKey))
      .send(body as object);

  const deleteWebhook = (apiKey: string, id: string) =>
    t.http.delete(`/api/v1/webhooks/${id}`).set(bearer(apiKey));

  const getWebhooks = (apiKey: string) => t.http.get('/api/v1/webhooks').set(bearer(apiKey));

  async function createWebhook(apiKey: string, name = 'Slack relay', url = HOOK_URL) {
    const res = await postWebhook(apiKey, { url, name });
    expect(res.status).toBe(201);
    return res.body as CreatedWebhook;
  }

  async function listWebhooks(apiKey: string): Promise<WebhookList> {
    const res = await getWebhooks(apiKey);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body as object)).toEqual(['data', 'count']);
    return res.body as WebhookList;
  }

  describe('POST /api/v1/webhooks', () => {
    it('creates an active webhook and returns it with a 64-character lowercase hex secret', async () => {
      const apiKey = await newKey();

      const res = await postWebhook(apiKey, { url: HOOK_URL, name: 'Slack relay' });

      expect(res.status).toBe(201);
      const body = res.body as CreatedWebhook;
      expect(Object.keys(body)).toEqual(['data', 'secret']);
      expect(body).toEqual({ data: freshWebhook('Slack relay'), secret: expect.any(String) });
      expect(Object.keys(body.data)).toEqual(WEBHOOK_FIELDS);
      expect(body.secret).toMatch(/^[0-9a-f]{64}$/);
      expect(body.data.id.length).toBeGreaterThan(0);
    });

    it('gives every webhook its own secret', async () => {
      const apiKey = await newKey();

      const first = await createWebhook(apiKey, 'first');
      const second = await createWebhook(apiKey, 'second');

      expect(first.secret).not.toBe(second.secret);
      expect(first.data.id).not.toBe(second.data.id);
    });

    it('accepts a webhook without a name and a name of exactly 80 characters', async () => {
      const apiKey = await newKey();
      const longName = 'n'.repeat(80);

      const unnamed = await postWebhook(apiKey, { url: HOOK_URL });
      const named = await postWebhook(apiKey, { url: HOOK_URL, name: longName });

      expect(unnamed.status).toBe(201);
      expect(unnamed.body).toEqual({
        data: freshWebhook(expect.any(String)),
        secret: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(named.status).toBe(201);
      expect(named.body).toEqual({
        data: freshWebhook(longName),
        secret: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
    });

    it.each([
      ['an http URL', { url: 'http://hooks.example.com/reddit-alerts' }],
      ['a relative URL', { url: '/reddit-alerts' }],
      ['a URL without a scheme', { url: 'hooks.example.com/reddit-alerts' }],
      ['a private IPv4 literal (10/8)', { url: 'https://10.0.0.5/hook' }],
      ['a private IPv4 literal (192.168/16)', { url: 'https://192.168.1.20/hook' }],
      ['a loopback IPv4 literal', { url: 'https://127.0.0.1/hook' }],
      ['a loopback IPv4 literal in short notation', { url: 'https://127.1/hook' }],
      ['the IPv6 loopback', { url: 'https://[::1]/hook' }],
      ['an IPv4-mapped IPv6 loopback', { url: 'https://[::ffff:127.0.0.1]/hook' }],
      ['the link-local metadata address', { url: 'https://169.254.169.254/latest/meta-data/' }],
      ['a carrier-grade NAT address', { url: 'https://100.64.0.1/hook' }],
      ['localhost', { url: 'https://localhost/hook' }],
      ['localhost with a port', { url: 'https://localhost:8443/hook' }],
      ['a single-label host', { url: 'https://intranet/hook' }],
    ])('rejects %s with 422 invalid_body and creates nothing', async (_case, body) => {
      const apiKey = await newKey();

      const res = await postWebhook(apiKey, body);

      expectError(res, 422, 'invalid_body');
      expect(await listWebhooks(apiKey)).toEqual({ data: [], count: 0 });
    });
  });

  describe('GET /api/v1/webhooks', () => {
    it('lists the webhooks with a count and never shows a secret', async () => {
      const apiKey = await newKey();
      const first = await createWebhook(apiKey, 'first', 'https://one.example.com/hook');
      const second = await createWebhook(apiKey, 'second', 'https://two.example.org/alerts');

      const res = await getWebhooks(apiKey);

      expect(res.status).toBe(200);
      const list = res.body as WebhookList;
      expect(list.count).toBe(2);
      expect([...list.data].sort((a, b) => a.id.localeCompare(b.id))).toEqual(
        [first.data, second.data].sort((a, b) => a.id.localeCompare(b.id)),
      );
      for (const webhook of list.data) expect(Object.keys(webhook)).toEqual(WEBHOOK_FIELDS);
      expect(res.text).not.toContain(first.secret);
      expect(res.text).not.toContain(second.secret);
      expect(res.text).not.toContain('secret');
    });

    it('returns an empty list with count 0 for a new account', async () => {
      const apiKey = await newKey();

      const res = await getWebhooks(apiKey);

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: [], count: 0 });
    });

    it("does not list another account's webhooks", async () => {
      const owner = await newKey();
      const other = await newKey();
      await createWebhook(owner);

      const res = await getWebhooks(other);

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: [], count: 0 });
    });
  });

  describe('PATCH /api/v1/webhooks/:id', () => {
    it('renames a webhook and keeps everything else', async () => {
      const apiKey = await newKey();
      const { data: created, secret } = await createWebhook(apiKey);

      const res = await patchWebhook(apiKey, created.id, { name: 'Renamed relay' });

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { ...created, name: 'Renamed relay' } });
      expect(Object.keys((res.body as { data: object }).data)).toEqual(WEBHOOK_FIELDS);
      expect(res.text).not.toContain(secret);
      expect(await listWebhooks(apiKey)).toEqual({
        data: [{ ...created, name: 'Renamed relay' }],
        count: 1,
      });
    });

    it('pauses and resumes a webhook with active', async () => {
      const apiKey = await newKey();
      const { data: created } = await createWebhook(apiKey);

      const paused = await patchWebhook(apiKey, created.id, { active: false });
      const listedPaused = await listWebhooks(apiKey);
      const resumed = await patchWebhook(apiKey, created.id, { active: true });
      const listedResumed = await listWebhooks(apiKey);

      expect(paused.status).toBe(200);
      expect(paused.body).toEqual({ data: { ...created, active: false } });
      expect(listedPaused).toEqual({ data: [{ ...created, active: false }], count: 1 });
      expect(resumed.status).toBe(200);
      expect(resumed.body).toEqual({ data: created });
      expect(listedResumed).toEqual({ data: [created], count: 1 });
    });

    it('changes name and active together', async () => {
      const apiKey = await newKey();
      const { data: created } = await createWebhook(apiKey);

      const res = await patchWebhook(apiKey, created.id, { name: 'Paused relay', active: false });

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { ...created, name: 'Paused relay', active: false } });
    });

    it.each([['an empty body', {}]])(
      'rejects %s with 422 invalid_body and leaves the webhook unchanged',
      async (_case, body) => {
        const apiKey = await newKey();
        const { data: created } = await createWebhook(apiKey);

        const res = await patchWebhook(apiKey, created.id, body);

        expectError(res, 422, 'invalid_body');
        expect(await listWebhooks(apiKey)).toEqual({ data: [created], count: 1 });
      },
    );

    it('answers an unknown id with 404 not_found', async () => {
      const apiKey = await newKey();

      const res = await patchWebhook(apiKey, '00000000-0000-4000-8000-000000000000', {
        name: 'ghost',
      });

      expectError(res, 404, 'not_found');
    });

    it("answers another account's webhook with 404 not_found and leaves it unchanged", async () => {
      const owner = await newKey();
      const other = await newKey();
      const { data: created } = await createWebhook(owner);

      const res = await patchWebhook(other, created.id, { name: 'hijacked', active: false });

      expectError(res, 404, 'not_found');
      expect(await listWebhooks(owner)).toEqual({ data: [created], count: 1 });
    });
  });

  describe('DELETE /api/v1/webhooks/:id', () => {
    it('deletes a webhook: 200 { deleted, id }, then gone from the list', async () => {
      const apiKey = await newKey();
      const { data: kept } = await createWebhook(apiKey, 'kept');
      const { data: removed } = await createWebhook(apiKey, 'removed');

      const res = await deleteWebhook(apiKey, removed.id);

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ deleted: true, id: removed.id });
      expect(await listWebhooks(apiKey)).toEqual({ data: [kept], count: 1 });
    });

    it('answers a second DELETE, and a PATCH, of a deleted webhook with 404 not_found', async () => {
      const apiKey = await newKey();
      const { data: created } = await createWebhook(apiKey);
      const first = await deleteWebhook(apiKey, created.id);

      const again = await deleteWebhook(apiKey, created.id);
      const patch = await patchWebhook(apiKey, created.id, { active: true });

      expect(first.status).toBe(200);
      expectError(again, 404, 'not_found');
      expectError(patch, 404, 'not_found');
      expect(await listWebhooks(apiKey)).toEqual({ data: [], count: 0 });
    });

    it('answers an unknown id with 404 not_found', async () => {
      const apiKey = await newKey();

      const res = await deleteWebhook(apiKey, '00000000-0000-4000-8000-000000000000');

      expectError(res, 404, 'not_found');
    });

    it("answers another account's webhook with 404 not_found and keeps it", async () => {
      const owner = await newKey();
      const other = await newKey();
      const { data: created } = await createWebhook(owner);

      const res = await deleteWebhook(other, created.id);

      expectError(res, 404, 'not_found');
      expect(await listWebhooks(owner)).toEqual({ data: [created], count: 1 });
    });
  });
});
