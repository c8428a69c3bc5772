import fc from 'fast-check';
import type { AddressInfo } from 'node:net';
import { ERROR_CODES } from '../../src/common/errors/error-code.js';
import { AccountsService } from '../../src/modules/accounts/accounts.service.js';
import { IngestionPipeline } from '../../src/modules/ingestion/ingestion-pipeline.service.js';
import { normalizeRedditThing } from '../../src/modules/ingestion/reddit/normalize.js';
import { insertAlert } from '../factories/alert.factory.js';
import { dumpPost } from '../factories/reddit-dump.factory.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import {
  headerText,
  hostileBody,
  hostileContentType,
  hostileHeaders,
  hostileJsonValue,
  hostileQuery,
  hostileSegment,
  hostileText,
  percentEncode,
} from '../utils/hostile-requests.js';
import { sendRaw, type RawRequest, type RawResponse } from '../utils/raw-http.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

/**
 * Property: whatever a client sends to any route (REST, feeds, health, metrics, GraphQL), the
 * answer is never a 5xx, and every refusal says why in the API's error shape: `{ error, code }`
 * for REST, GraphQL's `errors[]` with one of those codes in extensions for GraphQL.
 */

const RUNS_PER_SURFACE = 400;
const KEYS_PER_ACCOUNT = 12;
const METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'] as const;
const KNOWN_CODES = new Set<string>(ERROR_CODES);

type Credential = 'alerts' | 'app' | 'none';

interface Route {
  /** `:id` and `:token` are filled in by the generator. */
  path: string;
  methods: readonly string[];
  credential: Credential;
  /** Which resource a real id for `:id` is taken from. */
  resource?: 'keyword' | 'webhook' | 'alert' | 'inboxItem' | 'search';
  bodyFields?: readonly string[];
  queryNames?: readonly string[];
}

const KEYWORD_FIELDS = [
  'keywords',
  'text',
  'mode',
  'active',
  'track_posts',
  'track_comments',
  'exclude',
  'subreddits',
  'exclude_subreddits',
  'exclude_authors',
];
const WEBHOOK_FIELDS = ['url', 'name', 'active'];
const SEARCH_FIELDS = ['name', 'description', 'keywords', 'subreddits'];
const ALERT_QUERY = ['since', 'keyword_id', 'type', 'subreddit', 'after', 'limit'];
const INBOX_QUERY = ['search_id', 'unread_only', 'min_score', 'type', 'sort_by', 'limit', 'offset'];

const ROUTES: Route[] = [
  {
    path: '/api/v1/keywords',
    methods: ['GET', 'POST'],
    credential: 'alerts',
    bodyFields: KEYWORD_FIELDS,
  },
  {
    path: '/api/v1/keywords/:id',
    methods: ['PATCH', 'DELETE'],
    credential: 'alerts',
    resource: 'keyword',
    bodyFields: KEYWORD_FIELDS,
  },
  {
    path: '/api/v1/webhooks',
    methods: ['GET', 'POST'],
    credential: 'alerts',
    bodyFields: WEBHOOK_FIELDS,
  },
  {
    path: '/api/v1/webhooks/:id',
    methods: ['PATCH', 'DELETE'],
    credential: 'alerts',
    resource: 'webhook',
    bodyFields: WEBHOOK_FIELDS,
  },
  {
    path: '/api/v1/webhooks/:id/test',
    methods: ['POST'],
    credential: 'alerts',
    resource: 'webhook',
  },
  {
    path: '/api/v1/alerts',
    methods: ['GET', 'HEAD'],
    credential: 'alerts',
    queryNames: ALERT_QUERY,
  },
  { path: '/api/v1/alerts/:id', methods: ['GET'], credential: 'alerts', resource: 'alert' },
  { path: '/api/v1/usage', methods: ['GET'], credential: 'alerts' },
  { path: '/api/v1/feeds', methods: ['GET'], credential: 'alerts' },
  { path: '/api/v1/feeds/token', methods: ['POST', 'DELETE'], credential: 'alerts' },
  { path: '/api/v1/inbox', methods: ['GET'], credential: 'app', queryNames: INBOX_QUERY },
  {
    path: '/api/v1/inbox/:id',
    methods: ['GET', 'PATCH'],
    credential: 'app',
    resource: 'inboxItem',
    bodyFields: ['is_read', 'is_declined'],
  },
  {
    path: '/api/v1/searches',
    methods: ['GET', 'POST'],
    credential: 'app',
    bodyFields: SEARCH_FIELDS,
  },
  {
    path: '/api/v1/searches/:id',
    methods: ['GET', 'PATCH', 'DELETE'],
    credential: 'app',
    resource: 'search',
    bodyFields: SEARCH_FIELDS,
  },
  {
    path: '/feeds/:token/alerts.rss',
    methods: ['GET', 'HEAD'],
    credential: 'none',
    queryNames: ['keyword_id'],
  },
  {
    path: '/feeds/:token/alerts.atom',
    methods: ['GET'],
    credential: 'none',
    queryNames: ['keyword_id'],
  },
  { path: '/health', methods: ['GET'], credential: 'none' },
  { path: '/health/ready', methods: ['GET'], credential: 'none' },
  { path: '/metrics', methods: ['GET'], credential: 'none' },
  { path: '/api/v1/:id', methods: ['GET'], credential: 'alerts' },
];

interface Fixture {
  keys: Record<'alerts' | 'app', string[]>;
  ids: Record<NonNullable<Route['resource']>, string>;
  feedToken: string;
}

function authorization(fixture: Fixture, wanted: Credential): fc.Arbitrary<string | undefined> {
  const keysOf = (credential: 'alerts' | 'app') =>
    fc.constantFrom(...fixture.keys[credential]).map((key) => `Bearer ${key}`);
  const right = wanted === 'none' ? fc.constant(undefined) : keysOf(wanted);
  return fc.oneof(
    { arbitrary: right, weight: 6 },
    keysOf(wanted === 'app' ? 'alerts' : 'app'),
    fc.constantFrom(undefined, 'Bearer', 'Basic YTpi', `Bearer alr_${'x'.repeat(3000)}`),
    headerText.map((junk) => `Bearer ${junk}`),
  );
}

function restRequest(fixture: Fixture): fc.Arbitrary<RawRequest> {
  return fc.constantFrom(...ROUTES).chain((route) => {
    const realId = route.resource ? [fixture.ids[route.resource]] : [];
    const id = fc.oneof(
      { arbitrary: fc.constantFrom(...realId, ...Object.values(fixture.ids)), weight: 2 },
      { arbitrary: hostileSegment, weight: 5 },
      fc.uuid(),
    );
    const token = fc.oneof(
      fc.constant(fixture.feedToken),
      fc.constantFrom(...fixture.keys.alerts),
      hostileSegment,
    );
    return fc
      .record({
        method: fc.oneof(
          { arbitrary: fc.constantFrom(...route.methods), weight: 4 },
          fc.constantFrom(...METHODS),
        ),
        id,
        token,
        query: route.queryNames
          ? hostileQuery(route.queryNames)
          : fc.constantFrom('', '%00', 'x=%zz'),
        body: hostileBody(route.bodyFields ?? ['url']),
        contentType: hostileContentType,
        auth: authorization(fixture, route.credential),
        headers: hostileHeaders,
      })
      .map(
        ({ method, id: idValue, token: tokenValue, query, body, contentType, auth, headers }) => {
          const path = route.path.replace(':id', idValue).replace(':token', tokenValue);
          return {
            method,
            path: query === '' ? path : `${path}?${query}`,
            headers: withOptional(
              { ...headers },
              { 'content-type': contentType, authorization: auth },
            ),
            body: method === 'GET' || method === 'HEAD' ? undefined : body,
          };
        },
      );
  });
}

/** GraphQL literals: hostile strings, out-of-range numbers, unknown enums, wrong shapes. */
const graphqlLiteral: fc.Arbitrary<string> = fc.oneof(
  hostileText.map((text) => JSON.stringify(text)),
  fc.constantFrom(
    'null',
    'true',
    '0',
    '-1',
    '100',
    '101',
    '2147483648',
    '1.5e400',
    'post',
    'comment',
    'broad',
    'bogus',
    '[]',
    '{}',
    '$v',
    '["a", 1]',
    '{ text: "acme corp", mode: broad }',
    '{ text: "acme", exclude: ["a\\u0000b"], subreddits: ["r/x"], excludeAuthors: [1] }',
    '{ exclude: ["free trial"], excludeSubreddits: "pics" }',
    '[{ text: "x" }, { text: 5 }]',
    '{ url: "http://127.0.0.1:9/x" }',
    '{ name: "a\\u0000b" }',
    '"',
  ),
);

const OPERATIONS: Array<(a: string, b: string) => string> = [
  (a, b) =>
    `{ alerts(first: ${a}, after: ${b}) { edges { cursor node { id keyword { id } } } pageInfo { hasNextPage } } }`,
  (a, b) =>
    `{ alerts(keywordId: ${a}, subreddit: ${b}, type: comment, since: ${a}) { edges { cursor } } }`,
  (a) => `{ alert(id: ${a}) { id title keyword { text } } }`,
  () => '{ keywords { count nodes { id text } } usage { plan today { text } } webhooks { count } }',
  (a) => `mutation { createKeywords(keywords: ${a}) { created { id } rejected { reason } } }`,
  (a, b) => `mutation { updateKeyword(id: ${a}, input: ${b}) { id } }`,
  (a) => `mutation { deleteKeyword(id: ${a}) { id } }`,
  (a) => `mutation { createWebhook(input: ${a}) { secret webhook { id } } }`,
  (a, b) => `mutation { updateWebhook(id: ${a}, input: ${b}) { id } }`,
  (a) => `mutation { deleteWebhook(id: ${a}) { id } }`,
  (a) => `mutation { testWebhook(id: ${a}) { ok status } }`,
  (a) => `subscription { alerts(first: ${a}) { edges { cursor } } }`,
  () => '{ __schema { types { name fields { name } } } }',
  () => '{ __typename }',
  (a) =>
    `query Q($v: String, $n: Int) { alert(id: $v) { id } alerts(first: $n) { edges { cursor } } } ${a}`,
  (a, b) => `{ ${a} ${b} }`,
  (a) => `{ alerts { edges { node { keyword { id { ${a} } } } } } }`,
];

const graphqlDocument: fc.Arbitrary<string> = fc.oneof(
  {
    arbitrary: fc
      .tuple(fc.constantFrom(...OPERATIONS), graphqlLiteral, graphqlLiteral)
      .map(([operation, a, b]) => operation(a, b)),
    weight: 6,
  },
  fc
    .integer({ min: 1, max: 40 })
    .map((n) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: usage { plan }`).join(' ')} }`),
  fc.integer({ min: 1, max: 3_000 }).map((n) => `{ ${'keywords { count } '.repeat(n)}}`),
  fc.string({ maxLength: 60 }),
);

function graphqlRequest(fixture: Fixture): fc.Arbitrary<RawRequest> {
  const variables = fc.oneof(
    fc.constant(undefined),
    fc.dictionary(fc.constantFrom('v', 'n', 'id'), hostileJsonValue, { maxKeys: 3 }),
    hostileJsonValue,
  );
  const payload = fc
    .record({
      query: graphqlDocument,
      variables,
      operationName: fc.option(fc.oneof(fc.constant('Q'), hostileText)),
    })
    .map(({ query, variables: vars, operationName }) =>
      withOptional({ query }, { variables: vars, operationName: operationName ?? undefined }),
    );
  const post = fc
    .record({
      body: fc.oneof(
        { arbitrary: payload.map((p) => JSON.stringify(p)), weight: 6 },
        payload.map((p) => JSON.stringify([p, p])),
        hostileBody(['query', 'variables', 'operationName', 'extensions']),
      ),
      contentType: fc.oneof(
        { arbitrary: fc.constant('application/json'), weight: 5 },
        hostileContentType,
      ),
    })
    .map(({ body, contentType }) => ({ method: 'POST', path: '/graphql', body, contentType }));
  const get = payload.map((p) => ({
    method: 'GET',
    path: `/graphql?${Object.entries(p)
      .map(
        ([name, value]) =>
          `${name}=${percentEncode(typeof value === 'string' ? value : JSON.stringify(value))}`,
      )
      .join('&')}`,
    body: undefined,
    contentType: undefined,
  }));
  return fc
    .record({
      request: fc.oneof({ arbitrary: post, weight: 4 }, get),
      auth: authorization(fixture, 'alerts'),
      headers: hostileHeaders,
    })
    .map(({ request, auth, headers }) => ({
      method: request.method,
      path: request.path,
      body: request.body,
      headers: withOptional(
        { ...headers },
        { 'content-type': request.contentType, authorization: auth },
      ),
    }));
}

function withOptional<T extends object>(target: T, optional: Record<string, unknown>): T {
  for (const [name, value] of Object.entries(optional)) {
    if (value !== undefined) (target as Record<string, unknown>)[name] = value;
  }
  return target;
}

/** `{ error, code }` and nothing else, with a known code and a message. */
function isErrorBody(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { error, code, ...rest } = body as Record<string, unknown>;
  return (
    typeof error === 'string' &&
    error.length > 0 &&
    KNOWN_CODES.has(code as string) &&
    Object.keys(rest).length === 0
  );
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Why this answer breaks the property, or null when it keeps it. */
function violation(request: RawRequest, response: RawResponse): string | null {
  if (response.status >= 500)
    return `server error ${response.status}: ${response.text.slice(0, 300)}`;
  const body = parsedJson(response.text);
  const graphqlErrors = request.path.startsWith('/graphql')
    ? (body as { errors?: Array<{ extensions?: { code?: string; status?: unknown } }> } | undefined)
        ?.errors
    : undefined;
  if (Array.isArray(graphqlErrors)) {
    const bad = graphqlErrors.find(
      (error) =>
        !KNOWN_CODES.has(error.extensions?.code ?? '') ||
        error.extensions?.code === 'internal_error' ||
        typeof error.extensions?.status !== 'number',
    );
    return bad ? `GraphQL error without a known 4xx code: ${JSON.stringify(bad)}` : null;
  }
  if (response.status < 400) return null;
  if (request.method === 'HEAD') {
    return String(response.headers['content-type']).startsWith('application/json')
      ? null
      : `HEAD refusal ${response.status} is not JSON`;
  }
  return isErrorBody(body)
    ? null
    : `refusal ${response.status} is not { error, code }: ${response.text.slice(0, 300)}`;
}

describe.each(testDatabaseKinds())('hostile requests, property-based, on %s', (kind) => {
  let t: TestApp;
  let port: number;
  let fixture: Fixture;
  const statuses = new Map<number, number>();

  async function check(request: RawRequest): Promise<boolean> {
    const response = await sendRaw(port, request);
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    const problem = violation(request, response);
    if (problem) throw new Error(`${request.method} ${request.path.slice(0, 200)} → ${problem}`);
    return true;
  }

  beforeAll(async () => {
    // Failed authentications are part of the fuzzing, not what it measures; the real limit has its own test.
    t = await createTestApp(kind, {
      AUTH_FAILURES_PER_MINUTE: '1000000',
      WEBHOOK_ALLOW_PRIVATE: 'true',
    });
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    const accounts = t.app.get(AccountsService);
    const alerts = await t.account('starter', 'alerts');
    const app = await t.account('starter', 'app');
    const morKeys = async (accountId: string) =>
      Promise.all(
        Array.from(
          { length: KEYS_PER_ACCOUNT },
          async () => (await accounts.createKey(accountId)).apiKey,
        ),
      );
    const keys = {
      alerts: [alerts.apiKey, ...(await morKeys(alerts.accountId))],
      app: [app.apiKey, ...(await morKeys(app.accountId))],
    };
    const api = (apiKey: string) => ({
      post: (path: string, body?: object) =>
        t.http.post(`/api/v1${path}`).set(bearer(apiKey)).send(body),
    });
    const keyword = (
      await api(alerts.apiKey).post('/keywords', { text: 'acme widget' }).expect(201)
    ).body.created[0].id as string;
    // Test deliveries of the real webhook go to a closed port on loopback, never further.
    const webhook = (
      await api(alerts.apiKey).post('/webhooks', { url: 'http://127.0.0.1:9/hook' }).expect(201)
    ).body.data.id as string;
    const alert = (await insertAlert(t, { accountId: alerts.accountId, keywordId: keyword })).id;
    const feedToken = (await api(alerts.apiKey).post('/feeds/token').expect(201)).body
      .token as string;
    const search = (
      await api(app.apiKey)
        .post('/searches', { name: 'Widgets', keywords: ['acme widget'] })
        .expect(201)
    ).body.data.id as string;
    const post = normalizeRedditThing(dumpPost({ title: 'acme widget review' }));
    await t.app.get(IngestionPipeline).process([post!]);
    const inbox = await t.http.get('/api/v1/inbox').set(bearer(app.apiKey)).expect(200);
    const inboxItem = inbox.body.data[0].id as string;
    fixture = { keys, ids: { keyword, webhook, alert, inboxItem, search }, feedToken };
  });
  afterAll(() => t.close());

  it('answers any REST, feed, health or metrics request below 500, refusals as { error, code }', async () => {
    await fc.assert(fc.asyncProperty(restRequest(fixture), check), { numRuns: RUNS_PER_SURFACE });
  });

  it('answers any GraphQL request below 500, errors with a known code that is never internal_error', async () => {
    await fc.assert(fc.asyncProperty(graphqlRequest(fixture), check), {
      numRuns: RUNS_PER_SURFACE,
    });
  });

  it('reached the handlers: successes and refusals both among the answers', () => {
    const count = (from: number, to: number) =>
      [...statuses]
        .filter(([status]) => status >= from && status < to)
        .reduce((sum, [, n]) => sum + n, 0);
    expect(count(200, 300)).toBeGreaterThan(RUNS_PER_SURFACE / 10);
    expect(count(400, 500)).toBeGreaterThan(RUNS_PER_SURFACE / 2);
  });
});
