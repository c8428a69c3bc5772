import { validate } from '@readme/openapi-parser';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import type { OpenAPIObject, ResponseObject, SchemaObject } from '@nestjs/swagger';
import type { GraphQLInputObjectType, GraphQLObjectType } from 'graphql';
import { dumpPost } from '../factories/reddit-dump.factory.js';
import { createKeyword } from '../factories/keyword.factory.js';
import { createWebhook } from '../factories/webhook.factory.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { commentItem, ingest, postItem, runDeliveries } from '../utils/delivery-scenario.js';
import {
  SchemaChecker,
  documentedRoutes,
  servedRoutes,
  type OpenApiDocument,
} from '../utils/openapi-conformance.js';
import {
  WEBHOOK_COMMENT_FIELDS,
  WEBHOOK_POST_FIELDS,
  WEBHOOK_TEST_FIELDS,
} from '../utils/spec-fields.js';
import { testDatabaseKinds } from '../utils/test-databases.js';
import { startWebhookReceiver, type WebhookReceiver } from '../utils/webhook-receiver.js';

/** The integrator-facing HTTP API: everything under /api/v1, and the feeds readers fetch. */
const API_ROUTE = /^[A-Z]+ \/(api\/v1|feeds)\//;
/**
 * Everything else the app serves: operators' endpoints, the documentation pages, and where an
 * OpenID provider sends a single sign-on back (docs/teams.md).
 */
const OTHER_ROUTE = /^GET \/(health|metrics|docs|graphiql|dashboard\/sso\/callback)(\/|$)/;

const sorted = (list: string[]) => [...new Set(list)].sort();

describe.each(testDatabaseKinds())('the OpenAPI document on %s', (kind) => {
  let t: TestApp;
  let key: string;
  let appKey: string;
  let document: OpenApiDocument;
  let checker: SchemaChecker;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    // Private targets allowed: the webhook receiver below is on loopback.
    t = await createTestApp(kind, { WEBHOOK_ALLOW_PRIVATE: 'true' });
    ({ apiKey: key } = await t.account());
    ({ apiKey: appKey } = await t.account('starter', 'app'));
    receiver = await startWebhookReceiver();
    const res = await t.http.get('/api/v1/openapi.json').expect(200);
    document = res.body as OpenApiDocument;
    checker = new SchemaChecker(document);
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it('is served without a key, as JSON, and is a valid OpenAPI 3.1 document', async () => {
    const res = await t.http.get('/api/v1/openapi.json').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it('documents every route the app serves under /api/v1 and /feeds, and nothing else', () => {
    const served = servedRoutes(t.app);
    expect(sorted(documentedRoutes(document))).toEqual(
      sorted(served.filter((r) => API_ROUTE.test(r))),
    );
    expect(served.filter((r) => !API_ROUTE.test(r) && !OTHER_ROUTE.test(r))).toEqual([]);
    // Each one described (ApiRoute), not merely found: a summary, its parameters, a documented success.
    const undescribed = documentedRoutes(document).filter((route) => {
      const operation = checker.operation(...(route.split(' ') as [string, string]));
      const undescribedParameter = (operation.parameters ?? []).some(
        (parameter) => !('description' in parameter && parameter.description),
      );
      return (
        !operation.summary ||
        undescribedParameter ||
        !Object.keys(operation.responses).some((s) => s.startsWith('2'))
      );
    });
    expect(undescribed).toEqual([]);
  });

  it('marks exactly the routes that take no API key as public', async () => {
    for (const route of documentedRoutes(document)) {
      const [method, path] = route.split(' ');
      const operation = checker.operation(method, path);
      const res = await t.http[method.toLowerCase() as 'get'](path.replace(/\{\w+\}/g, 'x')).send(
        {},
      );
      const isPublic = operation.security?.length === 0;
      expect({ route, status: res.status === 401 ? 401 : 'not 401' }).toEqual({
        route,
        status: isPublic ? 'not 401' : 401,
      });
    }
  });

  it('answers every call of an integration in the documented statuses, shapes and headers', async () => {
    const problems: string[] = [];
    const call = async (
      method: 'get' | 'post' | 'patch' | 'delete',
      template: string,
      path: string,
      options: { apiKey?: string; body?: unknown } = {},
    ) => {
      let request = t.http[method](path).set(bearer(options.apiKey ?? key));
      if (options.body !== undefined) request = request.send(options.body as object);
      const res = await request;
      for (const problem of checker.responseProblems(method, template, res)) {
        problems.push(`${method.toUpperCase()} ${path} ${res.status}: ${problem}`);
      }
      return res.body as Record<string, never>;
    };

    // POST /keywords in its three shapes, then the other keyword routes.
    await call('post', '/api/v1/keywords', '/api/v1/keywords', {
      body: { keywords: [{ text: 'widgets' }] },
    });
    await call('post', '/api/v1/keywords', '/api/v1/keywords', {
      body: [{ text: 'gizmos', mode: 'broad' }, { text: 'x' }],
    });
    const single = await call('post', '/api/v1/keywords', '/api/v1/keywords', {
      body: { text: 'widgets' },
    });
    const keywordId = (single.existing as { id: string }[])[0].id;
    await call('post', '/api/v1/keywords', '/api/v1/keywords', {
      body: [
        {
          text: 'gears',
          exclude: ['free trial'],
          subreddits: ['r/AskReddit'],
          exclude_subreddits: ['pics'],
          exclude_authors: ['u/AutoModerator'],
        },
        { text: 'cogs', subreddits: ['r/x'] },
      ],
    });
    await call('get', '/api/v1/keywords', '/api/v1/keywords');
    await call('patch', '/api/v1/keywords/{id}', `/api/v1/keywords/${keywordId}`, {
      body: { mode: 'proximity' },
    });
    await call('patch', '/api/v1/keywords/{id}', `/api/v1/keywords/${keywordId}`, {
      body: { exclude: ['giveaway'], exclude_authors: ['/u/spam-bot'] },
    });
    await call('patch', '/api/v1/keywords/{id}', `/api/v1/keywords/${keywordId}`, {
      body: { subreddits: ['not a name'] },
    });
    await call('patch', '/api/v1/keywords/{id}', `/api/v1/keywords/${keywordId}`, {
      body: { mode: 'fuzzy' },
    });
    await call('patch', '/api/v1/keywords/{id}', '/api/v1/keywords/unknown', {
      body: { active: false },
    });

    // Alerts and inbox items from one ingested post and comment.
    const search = await call('post', '/api/v1/searches', '/api/v1/searches', {
      apiKey: appKey,
      body: { name: 'Widgets', keywords: ['widgets', { text: 'gadgets', mode: 'broad' }] },
    });
    const searchId = (search.data as { id: string }).id;
    const post = dumpPost({ title: 'Which widgets do you use?', selftext: 'Looking at widgets.' });
    await ingest(t, [postItem(post), commentItem(post, { body: 'These widgets are great' })]);
    const alerts = await call('get', '/api/v1/alerts', '/api/v1/alerts?limit=1');
    await call('get', '/api/v1/alerts', `/api/v1/alerts?after=${alerts.next_cursor}`);
    await call(
      'get',
      '/api/v1/alerts',
      '/api/v1/alerts?since=2026-11-20T10:00:00%2B00:00&type=comment',
    );
    await call('get', '/api/v1/alerts', '/api/v1/alerts?since=yesterday');
    const alertId = (alerts.data as { inbox_id: string }[])[0].inbox_id;
    await call('get', '/api/v1/alerts/{id}', `/api/v1/alerts/${alertId}`);
    await call('get', '/api/v1/alerts/{id}', '/api/v1/alerts/unknown');
    await call('get', '/api/v1/usage', '/api/v1/usage');

    const inbox = await call('get', '/api/v1/inbox', '/api/v1/inbox?sort_by=score_high', {
      apiKey: appKey,
    });
    const itemId = (inbox.data as { id: string }[])[0].id;
    await call('get', '/api/v1/inbox/{id}', `/api/v1/inbox/${itemId}`, { apiKey: appKey });
    await call('patch', '/api/v1/inbox/{id}', `/api/v1/inbox/${itemId}`, {
      apiKey: appKey,
      body: { is_read: true },
    });
    await call('get', '/api/v1/inbox', '/api/v1/inbox', { apiKey: key });
    await call('get', '/api/v1/searches', '/api/v1/searches', { apiKey: appKey });
    await call('get', '/api/v1/searches/{id}', `/api/v1/searches/${searchId}`, { apiKey: appKey });
    await call('patch', '/api/v1/searches/{id}', `/api/v1/searches/${searchId}`, {
      apiKey: appKey,
      body: { description: 'All widgets' },
    });
    await call('delete', '/api/v1/searches/{id}', `/api/v1/searches/${searchId}`, {
      apiKey: appKey,
    });

    const webhook = await call('post', '/api/v1/webhooks', '/api/v1/webhooks', {
      body: { url: 'https://hooks.example.com/alerts', name: 'CRM' },
    });
    const webhookId = (webhook.data as { id: string }).id;
    await call('post', '/api/v1/webhooks', '/api/v1/webhooks', {
      body: { url: 'ftp://hooks.example.com/' },
    });
    await call('get', '/api/v1/webhooks', '/api/v1/webhooks');
    await call('patch', '/api/v1/webhooks/{id}', `/api/v1/webhooks/${webhookId}`, {
      body: { active: false },
    });
    await call('delete', '/api/v1/webhooks/{id}', `/api/v1/webhooks/${webhookId}`);

    await call('get', '/api/v1/feeds', '/api/v1/feeds');
    const issued = await call('post', '/api/v1/feeds/token', '/api/v1/feeds/token');
    const rssPath = new URL(issued.rss_url as string).pathname;
    await call('get', '/feeds/{token}/alerts.rss', rssPath);
    const rss = await t.http.get(rssPath).expect(200);
    const documentedRss = checker.operation('get', '/feeds/{token}/alerts.rss').responses['200'];
    expect(rss.headers['content-type']).toMatch(/^application\/rss\+xml/);
    expect(Object.keys((documentedRss as ResponseObject).content ?? {})).toEqual([
      'application/rss+xml',
    ]);
    await call('delete', '/api/v1/feeds/token', '/api/v1/feeds/token');
    await call('delete', '/api/v1/keywords/{id}', `/api/v1/keywords/${keywordId}`);
    await call('get', '/api/v1/keywords', '/api/v1/keywords', { apiKey: 'alr_unknown' });

    expect(problems).toEqual([]);
    // The checker itself catches a body off its schema.
    expect(checker.problems({ $ref: '#/components/schemas/Keyword' }, { id: 1 })).not.toEqual([]);
  });

  it('describes keywords with the fields of the GraphQL keyword types, in camelCase there', () => {
    const { schema } = t.app.get(GraphQLSchemaHost);
    const camelCase = (name: string) =>
      name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
    const restFields = (name: string) =>
      Object.keys((document.components?.schemas?.[name] as SchemaObject).properties ?? {})
        .map(camelCase)
        .sort();
    const graphqlFields = (name: string) => {
      const type = schema.getType(name) as GraphQLObjectType | GraphQLInputObjectType;
      return Object.keys(type.getFields()).sort();
    };
    // The daily stats the dashboard draws are GraphQL's alone (docs/graphql.md).
    const graphqlOnly = ['capReached', 'dailyMatches', 'matchesToday'];
    expect(restFields('Keyword')).toEqual(
      graphqlFields('Keyword').filter((field) => !graphqlOnly.includes(field)),
    );
    expect(restFields('KeywordItem')).toEqual(graphqlFields('CreateKeywordInput'));
    expect(restFields('UpdateKeyword')).toEqual(graphqlFields('UpdateKeywordInput'));
  });

  it('describes the webhook deliveries a receiver really gets: events, headers and bodies in field order', async () => {
    const webhook = await createWebhook(t, key, receiver.url);
    await createKeyword(t, key, 'sprockets');
    const post = dumpPost({ title: 'Sprockets for sale' });
    await ingest(t, [postItem(post), commentItem(post, { body: 'How much are the sprockets?' })]);
    await runDeliveries(t);
    await t.http.post(`/api/v1/webhooks/${webhook.id}/test`).set(bearer(key)).expect(200);
    const requests = await receiver.received(3);

    const fieldOrder: Record<string, string[]> = {
      post: WEBHOOK_POST_FIELDS,
      comment: WEBHOOK_COMMENT_FIELDS,
      test: WEBHOOK_TEST_FIELDS,
    };
    expect(Object.keys(document.webhooks).sort()).toEqual(['comment', 'post', 'test']);
    for (const request of requests) {
      const event = String(request.headers['x-webhook-event']);
      const operation = document.webhooks[event].post;
      const media = (
        operation.requestBody as { content: Record<string, { schema: object; example: object }> }
      ).content;
      expect(Object.keys(media)).toEqual([String(request.headers['content-type'])]);
      const body = JSON.parse(request.body.toString('utf8')) as Record<string, unknown>;
      expect(checker.problems(media['application/json'].schema, body)).toEqual([]);
      expect(Object.keys(body)).toEqual(fieldOrder[event]);
      expect(Object.keys(media['application/json'].example)).toEqual(fieldOrder[event]);
      expect(
        checker.problems(media['application/json'].schema, media['application/json'].example),
      ).toEqual([]);

      const documented = checker.webhookHeaders(event).map((header) => header.name.toLowerCase());
      const sent = Object.keys(request.headers).filter((name) =>
        /^(user-agent|x-webhook-|webhook-)/.test(name),
      );
      expect(sent.filter((name) => !documented.includes(name))).toEqual([]);
      expect(documented.filter((name) => !sent.includes(name))).toEqual([]);
    }
  });
});

describe('the API reference page at /docs', () => {
  let t: TestApp;
  let document: OpenAPIObject;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    document = (await t.http.get('/api/v1/openapi.json').expect(200)).body as OpenAPIObject;
  });
  afterAll(() => t.close());

  it('renders the document with Swagger UI from files this server serves, none from elsewhere', async () => {
    const page = await t.http.get('/docs').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const assets = [...page.text.matchAll(/\s(?:src|href)=["']([^"']+)["']/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThanOrEqual(4);
    expect(assets.filter((asset) => /^([a-z]+:)?\/\//i.test(asset))).toEqual([]);
    for (const asset of assets) {
      const res = await t.http.get(new URL(asset, 'http://local/docs').pathname);
      expect({ asset, status: res.status }).toEqual({ asset, status: 200 });
    }
    const init = await t.http.get('/docs/swagger-ui-init.js').expect(200);
    expect(init.text).toContain(JSON.stringify(document.info.title));
    expect(init.text).toContain('"openapi": "3.1.0"');
  });
});
