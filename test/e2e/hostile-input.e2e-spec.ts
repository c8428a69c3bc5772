import type { AddressInfo } from 'node:net';
import { IngestionPipeline } from '../../src/modules/ingestion/ingestion-pipeline.service.js';
import { normalizeRedditThing } from '../../src/modules/ingestion/reddit/normalize.js';
import { dumpPost } from '../factories/reddit-dump.factory.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { parseRawAnswer, sendBytes } from '../utils/raw-http.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

const error = (code: string) => ({ error: expect.any(String), code });

const ODD_CONTENT_TYPES = [
  'text/plain',
  '*/*',
  ';;;',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
];

const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe.each(testDatabaseKinds())('hostile input on %s', (kind) => {
  let t: TestApp;
  let key: string;
  let appKey: string;
  let keywordId: string;
  let webhookId: string;
  let inboxItemId: string;
  const keywordPath = () => `/api/v1/keywords/${keywordId}`;
  const webhookPath = () => `/api/v1/webhooks/${webhookId}`;
  const inboxPath = () => `/api/v1/inbox/${inboxItemId}`;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ apiKey: key } = await t.account());
    ({ apiKey: appKey } = await t.account('starter', 'app'));
    keywordId = (
      await t.http.post('/api/v1/keywords').set(bearer(key)).send({ text: 'acme widget' })
    ).body.created[0].id;
    webhookId = (
      await t.http
        .post('/api/v1/webhooks')
        .set(bearer(key))
        .send({ url: 'https://hooks.example.com/x' })
        .expect(201)
    ).body.data.id;
    await t.http
      .post('/api/v1/searches')
      .set(bearer(appKey))
      .send({ name: 'Widgets', keywords: ['acme widget'] })
      .expect(201);
    await t.app
      .get(IngestionPipeline)
      .process([normalizeRedditThing(dumpPost({ title: 'acme widget review' }))!]);
    inboxItemId = (await t.http.get('/api/v1/inbox').set(bearer(appKey)).expect(200)).body.data[0]
      .id;
  });
  afterAll(() => t.close());

  describe('NUL characters', () => {
    it('answers a NUL in any id of a path with 404 not_found', async () => {
      for (const id of ['%00', 'a%00b']) {
        for (const [path, apiKey] of [
          [`/api/v1/keywords/${id}`, key],
          [`/api/v1/webhooks/${id}`, key],
          [`/api/v1/alerts/${id}`, key],
          [`/api/v1/inbox/${id}`, appKey],
          [`/api/v1/searches/${id}`, appKey],
          [`/feeds/${id}/alerts.rss`, key],
        ]) {
          const res = await t.http.get(path).set(bearer(apiKey));
          expect([path, res.status, res.body]).toEqual([path, 404, error('not_found')]);
        }
        const deleted = await t.http.delete(`/api/v1/keywords/${id}`).set(bearer(key));
        expect([deleted.status, deleted.body]).toEqual([404, error('not_found')]);
      }
    });

    it('answers a NUL in keyword_id, subreddit or search_id with 422 invalid_body', async () => {
      for (const [path, apiKey] of [
        ['/api/v1/alerts?keyword_id=a%00b', key],
        ['/api/v1/alerts?subreddit=%00', key],
        ['/api/v1/alerts?subreddit=a?b%00', key],
        ['/api/v1/inbox?search_id=a%00b', appKey],
      ]) {
        const res = await t.http.get(path).set(bearer(apiKey));
        expect([path, res.status, res.body]).toEqual([path, 422, error('invalid_body')]);
      }
    });

    it('refuses a NUL inside a JSON body and changes nothing', async () => {
      const res = await t.http.patch(webhookPath()).set(bearer(key)).send({ name: 'a\u0000b' });
      expect([res.status, res.body]).toEqual([422, error('invalid_body')]);
      const created = await t.http
        .post('/api/v1/keywords')
        .set(bearer(key))
        .send({ keywords: [{ text: 'nul\u0000word' }] });
      expect([created.status, created.body]).toEqual([422, error('invalid_body')]);
      const list = await t.http.get('/api/v1/webhooks').set(bearer(key)).expect(200);
      expect(list.body.data[0].name).toBe('hooks.example.com');
    });

    it('answers a NUL in GraphQL arguments, inputs and variables with invalid_body', async () => {
      const graphql = (body: object) => t.http.post('/graphql').set(bearer(key)).send(body);
      for (const query of [
        '{ alert(id: "a\\u0000b") { id } }',
        '{ alerts(subreddit: "\\u0000") { edges { cursor } } }',
        'mutation { createWebhook(input: { url: "https://hooks.example.com/y", name: "a\\u0000" }) { secret } }',
        'mutation { updateKeyword(id: "\\u0000", input: { active: false }) { id } }',
      ]) {
        const res = await graphql({ query });
        expect([query, res.status, res.body.errors[0].extensions]).toEqual([
          query,
          400,
          { code: 'invalid_body', status: 422 },
        ]);
      }
      const withVariable = await graphql({
        query: 'query($id: ID!) { alert(id: $id) { id } }',
        variables: { id: 'a\u0000b' },
      });
      expect([withVariable.status, withVariable.body]).toEqual([422, error('invalid_body')]);
    });
  });

  describe('bodies that are not JSON', () => {
    /** The resource as its list or item route shows it, to prove a refusal changed nothing. */
    const readBack = async (resource: string) => {
      if (resource === 'inbox item') {
        return (await t.http.get(inboxPath()).set(bearer(appKey)).expect(200)).body.data;
      }
      const list = resource === 'keyword' ? '/api/v1/keywords' : '/api/v1/webhooks';
      const id = resource === 'keyword' ? keywordId : webhookId;
      const body = (await t.http.get(list).set(bearer(key)).expect(200)).body;
      return (body.data as Array<{ id: string }>).find((item) => item.id === id);
    };

    it.each([
      ['keyword', { active: false }],
      ['webhook', { active: false }],
      ['inbox item', { is_read: true }],
    ])(
      'answers PATCH of the %s without a JSON body with 422, and leaves it unchanged',
      async (resource, change) => {
        const path =
          resource === 'keyword'
            ? keywordPath()
            : resource === 'webhook'
              ? webhookPath()
              : inboxPath();
        const apiKey = resource === 'inbox item' ? appKey : key;
        const before = await readBack(resource);
        for (const contentType of ODD_CONTENT_TYPES) {
          const res = await t.http
            .patch(path)
            .set(bearer(apiKey))
            .set('Content-Type', contentType)
            .send(JSON.stringify(change));
          expect([contentType, res.status, res.body]).toEqual([
            contentType,
            422,
            error('invalid_body'),
          ]);
        }
        const empty = await t.http.patch(path).set(bearer(apiKey));
        expect([empty.status, empty.body]).toEqual([422, error('invalid_body')]);
        expect(await readBack(resource)).toEqual(before);
      },
    );

    it('takes application/merge-patch+json as JSON', async () => {
      const res = await t.http
        .patch(webhookPath())
        .set(bearer(key))
        .set('Content-Type', 'application/merge-patch+json')
        .send(JSON.stringify({ name: 'Merged' }))
        .expect(200);
      expect(res.body.data.name).toBe('Merged');
    });
  });

  describe('deeply nested JSON', () => {
    it('answers JSON nested 10,000 deep with 422 on PATCH and POST /webhooks', async () => {
      const bodies = [
        deepArray(10_000),
        deepObject(10_000),
        `{"name":${deepArray(10_000)}}`,
        `{"url":${deepObject(10_000)}}`,
      ];
      for (const body of bodies) {
        for (const request of [
          t.http.post('/api/v1/webhooks'),
          t.http.patch(webhookPath()),
          t.http.patch(keywordPath()),
        ]) {
          const res = await request
            .set(bearer(key))
            .set('Content-Type', 'application/json')
            .send(body);
          expect([res.status, res.body]).toEqual([422, error('invalid_body')]);
          expect(res.body.error).toMatch(/nested deeper than 32 levels/);
        }
      }
      const list = await t.http.get('/api/v1/webhooks').set(bearer(key)).expect(200);
      expect(list.body.count).toBe(1);
    });
  });

  describe('requests the HTTP parser refuses', () => {
    let port: number;
    beforeAll(async () => {
      await t.app.listen(0, '127.0.0.1');
      port = (t.app.getHttpServer().address() as AddressInfo).port;
    });

    it.each([
      [
        'a bad chunk size',
        'POST /api/v1/keywords HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
        400,
        'bad_request',
      ],
      [
        '3,000 headers',
        'GET /health HTTP/1.1\r\nHost: x\r\n' +
          Array.from({ length: 3000 }, (_, i) => `X-H${i}: v\r\n`).join('') +
          '\r\n',
        431,
        'headers_too_large',
      ],
      [
        'a 20 KB request line',
        `GET /health?${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
        431,
        'headers_too_large',
      ],
      ['a bare LF', 'GET /health HTTP/1.1\nHost: x\n\n', 400, 'bad_request'],
      ['obs-fold', 'GET /health HTTP/1.1\r\nHost: x\r\nX-A: a\r\n b\r\n\r\n', 400, 'bad_request'],
      [
        'two Content-Lengths',
        'POST /api/v1/keywords HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab',
        400,
        'bad_request',
      ],
    ])(
      'answers %s with its status and a JSON { error, code }',
      async (_name, bytes, status, code) => {
        const answer = parseRawAnswer(await sendBytes(port, bytes));
        expect(answer.status).toBe(status);
        expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(answer.headers.connection).toBe('close');
        expect(JSON.parse(answer.body)).toEqual({ error: expect.any(String), code });
        await t.http.get('/health').expect(200);
      },
    );
  });
});
