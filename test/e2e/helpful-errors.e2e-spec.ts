import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { capturedLogger } from '../utils/captured-logs.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

const ALLOW_PRIVATE_HINT =
  'for local development, start the server with WEBHOOK_ALLOW_PRIVATE=true to allow http:// and private or loopback hosts';
const ITEM_FIELDS =
  'text, mode, track_posts, track_comments, exclude, subreddits, exclude_subreddits, exclude_authors, query, backfill_hours';

describe.each(testDatabaseKinds())('errors that say what to do, on %s', (kind) => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ apiKey: key } = await t.account());
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

describe('the startup warnings', () => {
  /** Each start's warnings about a setting (level 40), read from what it logged. */
  let production: (setting: string) => Array<{ msg: string }>;
  let lowered: (setting: string) => Array<{ msg: string }>;

  async function startupWarnings(env: Record<string, string>) {
    const logs = capturedLogger();
    const t = await createTestApp('sqlite', env, { logger: logs.logger });
    await t.close();
    const lines = logs
      .text()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    return (setting: string) =>
      lines.filter((line) => line.level === 40 && line.msg.includes(setting));
  }

  beforeAll(async () => {
    production = await startupWarnings({ PASSWORD_HASH_LOG_N: '15' });
    lowered = await startupWarnings({ WEBHOOK_ALLOW_PRIVATE: 'true', PASSWORD_HASH_LOG_N: '14' });
  });

  it('warns when WEBHOOK_ALLOW_PRIVATE is on, and only then', () => {
    expect(lowered('WEBHOOK_ALLOW_PRIVATE')).toEqual([
      expect.objectContaining({ msg: expect.stringContaining('for local development only') }),
    ]);
    expect(production('WEBHOOK_ALLOW_PRIVATE')).toEqual([]);
  });

  it('warns when PASSWORD_HASH_LOG_N is below 15, and only then', () => {
    expect(lowered('PASSWORD_HASH_LOG_N')).toEqual([
      expect.objectContaining({ msg: expect.stringContaining('never for production') }),
    ]);
    expect(production('PASSWORD_HASH_LOG_N')).toEqual([]);
  });
});
