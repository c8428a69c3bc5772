import type { Response } from 'supertest';
import { AccountsService } from '../../src/modules/accounts/accounts.service.js';
import type { AlertEntity } from '../../src/modules/alerts/alert.entity.js';
import { insertAlertSeries } from '../factories/alert.factory.js';
import { createKeyword } from '../factories/keyword.factory.js';
import { createWebhook } from '../factories/webhook.factory.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { cursorOf } from '../utils/hostile-requests.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

const ID = '0195f3b2-7c4e-7a61-9d2b-3f0c8e1a5b6d';

/** Cursors no page ever gave out: each must be refused, never reach the database. */
const FORGED: Array<[string, string]> = [
  ['an id holding U+0000', cursorOf([1_700_000_000_000, 'a\u0000b'])],
  ['an id that is only U+0000', cursorOf([1_700_000_000_000, '\u0000'])],
  ['a UUID with U+0000 in it', cursorOf([1_700_000_000_000, `${ID.slice(0, 35)}\u0000`])],
  ['an id holding a lone surrogate', cursorOf([1_700_000_000_000, '\ud800'])],
  ['an id that is not a UUID', cursorOf([1_700_000_000_000, 'not-an-id'])],
  ['an upper-case UUID', cursorOf([1_700_000_000_000, ID.toUpperCase()])],
  ['a ULID', cursorOf([1_700_000_000_000, '01ARZ3NDEKTSV4RRFFQ69G5FAV'])],
  ['an id of 5000 characters', cursorOf([1_700_000_000_000, 'x'.repeat(5_000)])],
  ['a numeric id', cursorOf([1_700_000_000_000, 42])],
  ['a time given as a string', cursorOf(['1700000000000', ID])],
  ['a fractional time', cursorOf([1.5, ID])],
  ['a negative time', cursorOf([-1, ID])],
  ['a time past 2^53', cursorOf([2 ** 53 + 2, ID])],
  ['a time of 1e308', cursorOf([1e308, ID])],
  ['a time in exponent form', Buffer.from(`[1e12,"${ID}"]`).toString('base64url')],
  ['an extra field', cursorOf([1_700_000_000_000, ID, 'admin'])],
  ['an object instead of the pair', cursorOf({ at: 1_700_000_000_000, id: ID })],
  ['JSON null', cursorOf(null)],
  ['an empty array', cursorOf([])],
  [
    'bytes that are not UTF-8',
    Buffer.from([0x5b, 0x31, 0x2c, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x5d]).toString('base64url'),
  ],
  ['JSON with whitespace', Buffer.from(`[ 1700000000000 , "${ID}" ]`).toString('base64url')],
  ['padded base64', Buffer.from(JSON.stringify([17_000_000_000_000, ID])).toString('base64')],
  ['a valid cursor with text after it', `${cursorOf([1_700_000_000_000, ID])}.x`],
  ['not base64 at all', 'not a cursor!'],
  ['an empty string', ''],
];

function expectInvalidBody(res: Response, what: string): void {
  expect([what, res.status, res.body]).toEqual([
    what,
    422,
    { error: expect.stringContaining('after'), code: 'invalid_body' },
  ]);
}

/** GraphQL's answer to a refused argument: invalid_body with REST's status, no data leaked. */
function expectGraphqlInvalidBody(res: Response, what: string): void {
  const errors = (res.body as { errors?: Array<{ message: string; extensions: unknown }> }).errors;
  expect([what, res.status, errors?.map((error) => error.extensions)]).toEqual([
    what,
    200,
    [{ code: 'invalid_body', status: 422 }],
  ]);
  expect(errors?.[0].message).toContain('after');
}

describe.each(testDatabaseKinds())('keyset cursors on %s', (kind) => {
  let t: TestApp;
  let accountId: string;
  let apiKey: string;
  let webhookId: string;
  let alerts: AlertEntity[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ apiKey, accountId } = await t.account());
    const keyword = await createKeyword(t, apiKey, 'acme corp');
    webhookId = (await createWebhook(t, apiKey, 'https://hooks.example.com/x')).id;
    alerts = await insertAlertSeries(t, 3, { accountId, keywordId: keyword.id });
  });
  afterAll(() => t.close());

  const graphql = (query: string, variables: Record<string, unknown>) =>
    t.http.post('/graphql').set(bearer(apiKey)).send({ query, variables });
  const ALERTS_AFTER =
    'query($after: String) { alerts(first: 2, after: $after) { edges { cursor node { id } } } }';
  const DELIVERIES_AFTER =
    'query($id: ID!, $after: String) { webhookDeliveries(webhookId: $id, after: $after) { edges { cursor } } }';

  describe.each(FORGED)('a forged cursor: %s', (what, cursor) => {
    // A key of its own for each cursor's four reads, so the read limit is never what answers.
    beforeAll(async () => {
      apiKey = (await t.app.get(AccountsService).createKey(accountId)).apiKey;
    });

    it('is refused by GET /alerts with 422 invalid_body', async () => {
      const res = await t.http.get('/api/v1/alerts').query({ after: cursor }).set(bearer(apiKey));
      expectInvalidBody(res, what);
    });

    it('is refused by GET /webhooks/:id/deliveries with 422 invalid_body', async () => {
      const res = await t.http
        .get(`/api/v1/webhooks/${webhookId}/deliveries`)
        .query({ after: cursor })
        .set(bearer(apiKey));
      expectInvalidBody(res, what);
    });

    it('is refused as GraphQL alerts(after:) and webhookDeliveries(after:) with invalid_body', async () => {
      expectGraphqlInvalidBody(await graphql(ALERTS_AFTER, { after: cursor }), what);
      expectGraphqlInvalidBody(
        await graphql(DELIVERIES_AFTER, { id: webhookId, after: cursor }),
        what,
      );
    });
  });

  it('accepts a cursor in the format pages have always given out, on both APIs', async () => {
    const [, second, third] = alerts;
    const held = cursorOf([second.matchedAt, second.id]);

    const rest = await t.http.get('/api/v1/alerts').query({ after: held }).set(bearer(apiKey));
    expect(rest.status).toBe(200);
    expect(rest.body.data.map((alert: { inbox_id: string }) => alert.inbox_id)).toEqual([third.id]);

    const res = await graphql(ALERTS_AFTER, { after: held });
    expect(
      res.body.data.alerts.edges.map((edge: { node: { id: string } }) => edge.node.id),
    ).toEqual([third.id]);
  });

  it('gives out cursors it accepts back: REST next_cursor and GraphQL edge cursors', async () => {
    const first = await t.http.get('/api/v1/alerts?limit=1').set(bearer(apiKey)).expect(200);
    expect(first.body.next_cursor).toBe(cursorOf([alerts[0].matchedAt, alerts[0].id]));
    const edges = (await graphql(ALERTS_AFTER, {})).body.data.alerts.edges as Array<{
      cursor: string;
    }>;
    for (const { cursor } of edges) {
      await t.http.get('/api/v1/alerts').query({ after: cursor }).set(bearer(apiKey)).expect(200);
    }
    const log = await t.http
      .get(`/api/v1/webhooks/${webhookId}/deliveries`)
      .query({ after: first.body.next_cursor })
      .set(bearer(apiKey));
    expect([log.status, log.body]).toEqual([200, { data: [], next_cursor: null }]);
  });
});
