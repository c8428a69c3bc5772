import type { OpenAPIObject } from '@nestjs/swagger';
import fc from 'fast-check';
import type { AddressInfo } from 'node:net';
import { Registry } from 'prom-client';
import { ERROR_CODES } from '../../src/common/errors/error-code.js';
import { PRODUCTS, type Product } from '../../src/config/plans.js';
import { AccountsService } from '../../src/modules/accounts/accounts.service.js';
import { GRAPHQL_PATH } from '../../src/modules/graphql/graphql-options.js';
import { IngestionPipeline } from '../../src/modules/ingestion/ingestion-pipeline.service.js';
import { normalizeRedditThing } from '../../src/modules/ingestion/reddit/normalize.js';
import { insertAlert } from '../factories/alert.factory.js';
import { dumpPost } from '../factories/reddit-dump.factory.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { fuzzTargets, type FuzzTarget } from '../utils/fuzz-targets.js';
import {
  headerText,
  hostileBody,
  hostileContentType,
  hostileCursor,
  hostileHeaders,
  hostileJsonValue,
  hostileQuery,
  hostileSegment,
  hostileText,
  NUL_CURSOR,
  percentEncode,
} from '../utils/hostile-requests.js';
import { sendRaw, type RawRequest, type RawResponse } from '../utils/raw-http.js';
import { routerSurface } from '../utils/served-routes.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

/**
 * Property: whatever a client sends to any route (REST, feeds, health, metrics, docs, GraphQL),
 * the answer is never a 5xx, and every refusal says why in the API's error shape: `{ error, code }`
 * for REST, GraphQL's `errors[]` with one of those codes in extensions for GraphQL. The routes are
 * read from the booted app's router, and their query and body names from its OpenAPI document, so
 * a new route is fuzzed as soon as it exists; a last check fails on any route no request reached.
 */

const RUNS_PER_SURFACE = 400;
const KEYS_PER_ACCOUNT = 12;
const METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'] as const;
const KNOWN_CODES = new Set<string>(ERROR_CODES);
/** The histogram the app observes every request in, labelled with the route that served it. */
const REQUEST_METRIC = 'alerts_http_request_duration_seconds';

interface Fixture {
  keys: Record<Product, string[]>;
  /** A real value for a path parameter, by the segment before it and its name: `webhooks/:id`. */
  pathValues: Record<string, string>;
}

function authorization(
  fixture: Fixture,
  products: readonly Product[],
): fc.Arbitrary<string | undefined> {
  const keys = products.flatMap((product) => fixture.keys[product]);
  return fc.oneof(
    { arbitrary: fc.constantFrom(...keys).map((key) => `Bearer ${key}`), weight: 6 },
    fc.constantFrom(
      undefined,
      'Bearer',
      'Basic YTpi',
      `Bearer alr_${'x'.repeat(3000)}`,
      `Bearer ${fixture.keys.app[0]}`,
    ),
    headerText.map((junk) => `Bearer ${junk}`),
  );
}

/** The template's parts: literal segments as they are, each `:name` as the key of its real value. */
function templateParts(template: string): Array<{ literal: string } | { parameter: string }> {
  const segments = template.split('/');
  return segments.map((segment, index) => {
    if (/[*{}()?+]/.test(segment)) throw new Error(`the fuzzer cannot fill ${template} yet`);
    return segment.startsWith(':')
      ? { parameter: `${segments[index - 1]}/${segment}` }
      : { literal: segment };
  });
}

function realValue(fixture: Fixture, parameter: string): string {
  return fixture.pathValues[parameter] ?? Object.values(fixture.pathValues)[0];
}

/** A path of the template: each parameter its real value, another real one, a UUID or hostile text. */
function filledPath(fixture: Fixture, template: string): fc.Arbitrary<string> {
  const anyReal = fc.constantFrom(...Object.values(fixture.pathValues));
  const parts = templateParts(template).map((part) =>
    'literal' in part
      ? fc.constant(part.literal)
      : fc.oneof(
          { arbitrary: fc.constant(realValue(fixture, part.parameter)), weight: 3 },
          { arbitrary: hostileSegment, weight: 5 },
          anyReal,
          fc.uuid(),
        ),
  );
  return fc.tuple(...parts).map((segments) => segments.join('/'));
}

const realPath = (fixture: Fixture, template: string): string =>
  templateParts(template)
    .map((part) => ('literal' in part ? part.literal : realValue(fixture, part.parameter)))
    .join('/');

function restRequest(fixture: Fixture, target: FuzzTarget): fc.Arbitrary<RawRequest> {
  return fc
    .record({
      method: fc.oneof(
        { arbitrary: fc.constantFrom(...target.methods), weight: 4 },
        fc.constantFrom(...METHODS),
      ),
      path: filledPath(fixture, target.path),
      query: hostileQuery(target.queryNames),
      body: hostileBody(target.bodyFields),
      contentType: hostileContentType,
      auth: authorization(fixture, PRODUCTS),
      headers: hostileHeaders,
    })
    .map(({ method, path, query, body, contentType, auth, headers }) => ({
      method,
      path: query === '' ? path : `${path}?${query}`,
      headers: withOptional({ ...headers }, { 'content-type': contentType, authorization: auth }),
      body: method === 'GET' || method === 'HEAD' ? undefined : body,
    }));
}

/**
 * Sent first, whatever the generator draws: each method of the target with real parameters, so
 * every route is reached, and each documented query parameter holding a cursor whose id has a
 * U+0000, with either product's key, so no listing's cursor is left to chance.
 */
function fixedRequests(fixture: Fixture, target: FuzzTarget): RawRequest[] {
  const path = realPath(fixture, target.path);
  const request = (method: string, query: string, apiKey: string): RawRequest => ({
    method,
    path: query === '' ? path : `${path}?${query}`,
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: method === 'GET' || method === 'HEAD' ? undefined : '{}',
  });
  return [
    ...target.methods.map((method, i) =>
      request(method, '', fixture.keys.alerts[i % KEYS_PER_ACCOUNT]),
    ),
    ...target.documentedQuery.flatMap((name, i) =>
      PRODUCTS.map((product) =>
        request('GET', `${name}=${NUL_CURSOR}`, fixture.keys[product][i % KEYS_PER_ACCOUNT]),
      ),
    ),
  ];
}

/** A path no route serves, under the API or not. */
function unroutedRequest(fixture: Fixture): fc.Arbitrary<RawRequest> {
  return fc
    .record({
      method: fc.constantFrom(...METHODS),
      path: fc.tuple(fc.constantFrom('/api/v1/', '/', '/api/'), hostileSegment),
      auth: authorization(fixture, PRODUCTS),
    })
    .map(({ method, path, auth }) => ({
      method,
      path: path.join(''),
      headers: withOptional({}, { authorization: auth }),
    }));
}

/** GraphQL literals: real ids, hostile strings and cursors, out-of-range numbers, unknown enums, wrong shapes. */
const graphqlLiteral = (fixture: Fixture): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(...Object.values(fixture.pathValues)).map((id) => JSON.stringify(id)),
    hostileText.map((text) => JSON.stringify(text)),
    hostileCursor.map((cursor) => JSON.stringify(cursor)),
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
  (a, b) =>
    `{ webhookDeliveries(webhookId: ${a}, after: ${b}) { edges { cursor node { id } } pageInfo { endCursor } } }`,
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

const graphqlDocument = (fixture: Fixture): fc.Arbitrary<string> =>
  fc.oneof(
    {
      arbitrary: fc
        .tuple(fc.constantFrom(...OPERATIONS), graphqlLiteral(fixture), graphqlLiteral(fixture))
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
      query: graphqlDocument(fixture),
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
    .map(({ body, contentType }) => ({ method: 'POST', path: GRAPHQL_PATH, body, contentType }));
  const get = payload.map((p) => ({
    method: 'GET',
    path: `${GRAPHQL_PATH}?${Object.entries(p)
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
      auth: authorization(fixture, ['alerts']),
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

/** Sent first: both keyset-paged connections given a cursor whose id holds U+0000. */
function fixedGraphqlRequests(fixture: Fixture): RawRequest[] {
  const webhookId = JSON.stringify(fixture.pathValues['webhooks/:id']);
  const after = JSON.stringify(NUL_CURSOR);
  return [
    `{ alerts(after: ${after}) { edges { cursor } } }`,
    `{ webhookDeliveries(webhookId: ${webhookId}, after: ${after}) { edges { cursor } } }`,
  ].map((query) => ({
    method: 'POST',
    path: GRAPHQL_PATH,
    headers: {
      authorization: `Bearer ${fixture.keys.alerts[0]}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ query }),
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
  const graphqlErrors = request.path.startsWith(GRAPHQL_PATH)
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
  let targets: FuzzTarget[];
  const statuses = new Map<number, number>();

  async function check(request: RawRequest): Promise<boolean> {
    const response = await sendRaw(port, request);
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    const problem = violation(request, response);
    if (problem) throw new Error(`${request.method} ${request.path.slice(0, 200)} → ${problem}`);
    return true;
  }

  /** `METHOD /route/:template` of every request the app's router matched to a route. */
  async function routedRequests(): Promise<string[]> {
    const metric = t.app.get(Registry).getSingleMetric(REQUEST_METRIC);
    const { values } = await metric!.get();
    return values.map(({ labels }) => `${labels.method} ${labels.route}`);
  }

  beforeAll(async () => {
    // Failed authentications are part of the fuzzing, not what it measures; the real limit has its own test.
    // The explorer is on so that its routes are fuzzed too.
    t = await createTestApp(kind, {
      AUTH_FAILURES_PER_MINUTE: '1000000',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      GRAPHQL_EXPLORER: 'true',
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
    // Deliveries and test deliveries of the real webhook go to a closed port on loopback, never further.
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
    // Matches the alerts account's keyword (an alert and its delivery) and the search (an inbox item).
    const post = normalizeRedditThing(dumpPost({ title: 'acme widget review' }));
    await t.app.get(IngestionPipeline).process([post!]);
    const inbox = await t.http.get('/api/v1/inbox').set(bearer(app.apiKey)).expect(200);
    const deliveries = await t.http
      .get(`/api/v1/webhooks/${webhook}/deliveries`)
      .set(bearer(alerts.apiKey))
      .expect(200);
    fixture = {
      keys,
      pathValues: {
        'keywords/:id': keyword,
        'webhooks/:id': webhook,
        'alerts/:id': alert,
        'inbox/:id': inbox.body.data[0].id as string,
        'searches/:id': search,
        'deliveries/:deliveryId': deliveries.body.data[0].id as string,
        'feeds/:token': feedToken,
      },
    };
    const document = (await t.http.get('/api/v1/openapi.json').expect(200)).body as OpenAPIObject;
    targets = fuzzTargets(routerSurface(t.app), document, [GRAPHQL_PATH]);
  });
  afterAll(() => t.close());

  it('answers any request to any route of the router below 500, refusals as { error, code }', async () => {
    // RUNS_PER_SURFACE drawn requests in all, shared by the targets and unrouted paths.
    const runsPerTarget = Math.ceil(RUNS_PER_SURFACE / (targets.length + 1));
    for (const target of targets) {
      const fixed = fixedRequests(fixture, target).map((request): [RawRequest] => [request]);
      await fc.assert(fc.asyncProperty(restRequest(fixture, target), check), {
        numRuns: fixed.length + runsPerTarget,
        examples: fixed,
      });
    }
    await fc.assert(fc.asyncProperty(unroutedRequest(fixture), check), { numRuns: runsPerTarget });
  });

  it('answers any GraphQL request below 500, errors with a known code that is never internal_error', async () => {
    const fixed = fixedGraphqlRequests(fixture).map((request): [RawRequest] => [request]);
    await fc.assert(fc.asyncProperty(graphqlRequest(fixture), check), {
      numRuns: fixed.length + RUNS_PER_SURFACE,
      examples: fixed,
    });
  });

  it('reached every route the router serves: a request of each method was routed to it', async () => {
    const routed = await routedRequests();
    // Routing is not strict: `/docs/` is `/docs`, and the first of the two registered serves both.
    const unslashed = (route: string) => route.replace(/(.)\/$/, '$1');
    const reached = new Set(routed.map(unslashed));
    const unreached = routerSurface(t.app)
      .routes.map(({ method, path }) => `${method} ${path}`)
      .filter((route) => !reached.has(unslashed(route)));
    expect(unreached).toEqual([]);
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
