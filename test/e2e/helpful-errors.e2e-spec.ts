import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { capturedLogger } from '../utils/captured-logs.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

const ALLOW_PRIVATE_HINT =
  'for local development, start the server with WEBHOOK_ALLOW_PRIVATE=true to allow http:// and private or loopback hosts';
const ITEM_FIELDS =
  'text, mode, track_posts, track_comments, exclude, subreddits, exclude_subreddits, exclude_authors';
const JSON_BODY_REQUIRED = 'Expected a JSON body sent with Content-Type: application/json';

describe.each(testDatabaseKinds())('errors that say what to do, on %s', (kind) => {
  let t: TestApp;
  let key: string;
  let appKey: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ apiKey: key } = await t.account());
    ({ apiKey: appKey } = await t.account('starter', 'app'));
  });
  afterAll(() => t.close());

  it('names WEBHOOK_ALLOW_PRIVATE when a webhook URL is http:// or private, and creates nothing', async () => {
    for (const [url, reason] of [
      ['http://hooks.example.com/alerts', 'url must use https'],
      [
        'https://127.0.0.1:8080/alerts',
        'url must point at a public address, not 127.0.0.1 (loopback)',
      ],
      ['https://localhost/alerts', 'url must not point at localhost'],
    ]) {
      const res = await t.http.post('/api/v1/webhooks').set(bearer(key)).send({ url }).expect(422);
      expect(res.body).toEqual({ error: `${reason}; ${ALLOW_PRIVATE_HINT}`, code: 'invalid_body' });
    }
    const rejected = await t.http
      .post('/api/v1/webhooks')
      .set(bearer(key))
      .send({ url: 'ftp://hooks.example.com/' })
      .expect(422);
    expect(rejected.body).toEqual({ error: 'url must use https', code: 'invalid_body' });
    const list = await t.http.get('/api/v1/webhooks').set(bearer(key)).expect(200);
    expect(list.body.count).toBe(0);
  });

  it('says a body must be sent as JSON when it came with another Content-Type', async () => {
    const sends = [
      { path: '/api/v1/keywords', key, body: '{"text":"acme"}', type: 'text/plain' },
      {
        path: '/api/v1/keywords',
        key,
        body: 'text=acme',
        type: 'application/x-www-form-urlencoded',
      },
      {
        path: '/api/v1/webhooks',
        key,
        body: '{"url":"https://hooks.example.com/a"}',
        type: 'text/plain',
      },
      {
        path: '/api/v1/searches',
        key: appKey,
        body: '{"name":"s","keywords":["acme"]}',
        type: 'text/plain',
      },
    ];
    for (const send of sends) {
      const res = await t.http
        .post(send.path)
        .set(bearer(send.key))
        .set('Content-Type', send.type)
        .send(send.body)
        .expect(422);
      expect(res.body).toEqual({ error: JSON_BODY_REQUIRED, code: 'invalid_body' });
    }
    const keywords = await t.http.get('/api/v1/keywords').set(bearer(key)).expect(200);
    expect(keywords.body.count).toBe(0);
  });

  it('hints at URL-encoding + as %2B when since arrives with a space for its offset', async () => {
    // An unencoded + in a query string decodes to a space on the server.
    const raw = await t.http
      .get('/api/v1/alerts?since=2026-11-20T10:00:00+01:00')
      .set(bearer(key))
      .expect(422);
    expect(raw.body.code).toBe('invalid_body');
    expect(raw.body.error).toMatch(/^since must be an ISO 8601 timestamp.*URL-encode \+ as %2B/);

    const word = await t.http.get('/api/v1/alerts?since=yesterday').set(bearer(key)).expect(422);
    expect(word.body).toEqual({
      error:
        'since must be an ISO 8601 timestamp such as 2026-11-21T10:04:05Z (in a URL, encode a + offset as %2B)',
      code: 'invalid_body',
    });

    await t.http
      .get('/api/v1/alerts?since=2026-11-20T10:00:00%2B01:00')
      .set(bearer(key))
      .expect(200);
  });

  it('rejects a keyword item with an unknown field as invalid, naming the field', async () => {
    const res = await t.http
      .post('/api/v1/keywords')
      .set(bearer(key))
      .send({
        keywords: [
          { text: 'acme corp', colour: 'red' },
          { text: 'widgets', Mode: 'broad' },
          { text: 'gizmo' },
        ],
      })
      .expect(201);
    expect(res.body.created.map((k: { text: string }) => k.text)).toEqual(['gizmo']);
    expect(res.body.rejected).toEqual([
      {
        text: 'acme corp',
        reason: 'invalid',
        message: `unknown field colour; allowed: ${ITEM_FIELDS}`,
      },
      {
        text: 'widgets',
        reason: 'invalid',
        message: `unknown field Mode; allowed: ${ITEM_FIELDS}`,
      },
    ]);
    const single = await t.http
      .post('/api/v1/keywords')
      .set(bearer(key))
      .send({ text: 'sprocket', track_post: false })
      .expect(200);
    expect(single.body.rejected[0].message).toBe(
      `unknown field track_post; allowed: ${ITEM_FIELDS}`,
    );
  });
});

describe('the startup warning about private webhook targets', () => {
  async function startupLog(env: Record<string, string>): Promise<string> {
    const logs = capturedLogger();
    const t = await createTestApp('sqlite', env, { logger: logs.logger });
    await t.close();
    return logs.text();
  }

  it('warns when WEBHOOK_ALLOW_PRIVATE is on, and only then', async () => {
    const warnings = (text: string) =>
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((line) => line.level === 40 && line.msg.includes('WEBHOOK_ALLOW_PRIVATE'));
    expect(warnings(await startupLog({ WEBHOOK_ALLOW_PRIVATE: 'true' }))).toEqual([
      expect.objectContaining({ msg: expect.stringContaining('for local development only') }),
    ]);
    expect(warnings(await startupLog({}))).toEqual([]);
  });
});
