import { GraphQLSchemaHost } from '@nestjs/graphql';
import { isInputObjectType, isInterfaceType, isObjectType, type GraphQLNamedType } from 'graphql';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AlertResponseDto as AlertResponse } from '../../src/modules/alerts/dto/alert.dto.js';
import { AccountsService } from '../../src/modules/accounts/accounts.service.js';
import { SCHEMA_FILE_NAME, schemaFileContent } from '../../src/modules/graphql/schema-file.js';
import type { KeywordResponseDto as KeywordResponse } from '../../src/modules/keywords/dto/keyword.dto.js';
import { UsageService } from '../../src/modules/usage/usage.service.js';
import { insertAlert, insertAlertSeries, insertUsage } from '../factories/alert.factory.js';
import { createKeywords, deleteKeyword } from '../factories/keyword.factory.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import {
  camelCased,
  errorsOf,
  expectGraphqlError,
  postGraphql,
  runGraphql,
  type Fields,
  type GraphqlBody,
  type Variables,
} from '../utils/graphql.js';
import { TEST_NOW } from '../utils/test-storage.js';
import { testDatabaseKinds } from '../utils/test-databases.js';
import {
  hasValidSignature,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../utils/webhook-receiver.js';

const KEYWORD_FIELDS =
  'id text mode active trackPosts trackComments createdAt updatedAt ' +
  'exclude subreddits excludeSubreddits excludeAuthors query';
const WEBHOOK_FIELDS =
  'id name url format retryPolicy active lastDeliveryAt totalDeliveries lastError consecutiveFailures createdAt';
const ALERT_FIELDS =
  'event timestamp id redditId title subreddit author selftext url keywordText keywordId ' +
  'relevanceScore upvotes replies createdUtc comment';

/** The documented renames of an alert: inbox_id → id, id → redditId, keyword → keywordText. */
function alertFromRest(alert: AlertResponse): Fields {
  const { inbox_id: inboxId, id: redditId, keyword, comment, ...rest } = alert;
  return {
    ...camelCased(rest),
    id: inboxId,
    redditId,
    keywordText: keyword,
    comment: comment ?? null,
  };
}

/** Every field, argument and input field a type declares, as Type.name (arguments as Type.field(arg)). */
function namesIn(type: GraphQLNamedType): string[] {
  if (isInputObjectType(type)) {
    return Object.values(type.getFields()).map((field) => `${type.name}.${field.name}`);
  }
  if (!isObjectType(type) && !isInterfaceType(type)) return [];
  return Object.values(type.getFields()).flatMap((field) => [
    `${type.name}.${field.name}`,
    ...field.args.map((arg) => `${type.name}.${field.name}(${arg.name})`),
  ]);
}

describe.each(testDatabaseKinds())('GraphQL API on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  afterEach(() => {
    t.clock.set(TEST_NOW);
    jest.restoreAllMocks();
  });

  const post = (apiKey: string | null, query: string, variables?: Variables) =>
    postGraphql(t, apiKey, query, variables);
  const run = <T>(apiKey: string, query: string, variables?: Variables) =>
    runGraphql<T>(t, apiKey, query, variables);

  const newKey = async () => (await t.account('starter', 'alerts')).apiKey;

  describe('schema', () => {
    it('matches the committed schema.gql, sorted as the app writes it', () => {
      const { schema } = t.app.get(GraphQLSchemaHost);
      const committed = readFileSync(join(process.cwd(), SCHEMA_FILE_NAME), 'utf8');
      expect(committed).toBe(schemaFileContent(schema));
    });

    // SSO's client secret is written, never read back: an input field, and a flag saying one is set.
    it('has no secret anywhere but the createWebhook and rotateWebhookSecret payloads', () => {
      const { schema } = t.app.get(GraphQLSchemaHost);
      const secretNames = Object.values(schema.getTypeMap())
        .filter((type) => !type.name.startsWith('__'))
        .flatMap(namesIn)
        .filter((name) => /secret/i.test(name));
      expect(secretNames).toEqual([
        'Mutation.rotateWebhookSecret',
        'Mutation.rotateWebhookSecret(id)',
        'SsoSettings.clientSecretSet',
        'SsoSettingsInput.clientSecret',
        'WebhookCreation.secret',
        'WebhookSecretRotation.secret',
        'WebhookSecretRotation.webhook',
      ]);
    });
  });

  describe('keywords', () => {
    it('lists live keywords with keywordLimit, exactly as GET /keywords', async () => {
      const apiKey = await newKey();
      await createKeywords(t, apiKey, ['acme corp', 'price tracking']);
      const { keywords } = await run<{ keywords: Fields }>(
        apiKey,
        `{ keywords { count keywordLimit nodes { ${KEYWORD_FIELDS} } } }`,
      );
      const rest = (await t.http.get('/api/v1/keywords').set(bearer(apiKey))).body as {
        data: KeywordResponse[];
      };
      expect(keywords).toEqual({ count: 2, keywordLimit: 25, nodes: rest.data.map(camelCased) });
    });

    it('creates keywords with one outcome per item, as POST /keywords', async () => {
      const apiKey = await newKey();
      await createKeywords(t, apiKey, ['already here']);
      const { createKeywords: outcome } = await run<{ createKeywords: Fields }>(
        apiKey,
        `mutation Create($keywords: [CreateKeywordInput!]!) {
          createKeywords(keywords: $keywords) {
            created { ${KEYWORD_FIELDS} } existing { id text } rejected { text reason message }
          }
        }`,
        {
          keywords: [
            { text: '  Acme   Corp ', mode: 'broad', trackComments: false },
            { text: 'ALREADY here' },
            { text: 'acme corp' },
            { text: 'x' },
            { text: 'no tracking', trackPosts: false, trackComments: false },
          ],
        },
      );
      expect(outcome).toEqual({
        created: [
          {
            id: expect.any(String),
            text: 'Acme Corp',
            mode: 'broad',
            active: true,
            trackPosts: true,
            trackComments: false,
            createdAt: '2026-11-21T10:00:00.000+00:00',
            updatedAt: '2026-11-21T10:00:00.000+00:00',
            exclude: [],
            subreddits: [],
            excludeSubreddits: [],
            excludeAuthors: [],
            query: null,
          },
        ],
        existing: [{ id: expect.any(String), text: 'already here' }],
        rejected: [
          { text: 'acme corp', reason: 'duplicate', message: expect.any(String) },
          { text: 'x', reason: 'invalid', message: 'text must be 2 to 80 characters' },
          { text: 'no tracking', reason: 'invalid', message: expect.stringMatching(/track/) },
        ],
      });
    });

    it('rejects items beyond the plan with limit_reached, creating those that fit', async () => {
      const apiKey = await newKey();
      const keywords = Array.from({ length: 26 }, (_, i) => ({ text: `term number ${i}` }));
      const { createKeywords: outcome } = await run<{
        createKeywords: { created: unknown[]; rejected: { text: string; reason: string }[] };
      }>(
        apiKey,
        'mutation($k: [CreateKeywordInput!]!) { createKeywords(keywords: $k) { created { id } rejected { text reason } } }',
        { k: keywords },
      );
      expect(outcome.created).toHaveLength(25);
      expect(outcome.rejected).toEqual([{ text: 'term number 25', reason: 'limit_reached' }]);
    });

    it('refuses an empty list or an unknown mode with invalid_body', async () => {
      const apiKey = await newKey();
      const empty = await post(
        apiKey,
        'mutation { createKeywords(keywords: []) { created { id } } }',
      );
      expectGraphqlError(empty, 'invalid_body', 422);
      const badMode = await post(
        apiKey,
        'mutation { createKeywords(keywords: [{ text: "acme", mode: fuzzy }]) { created { id } } }',
      );
      expectGraphqlError(badMode, 'invalid_body', 422, 400);
    });

    it('updates a keyword, with the REST rules and errors', async () => {
      const apiKey = await newKey();
      const [keyword] = await createKeywords(t, apiKey, ['acme corp']);
      t.clock.set(new Date('2026-11-21T11:00:00.000Z'));
      const update = (input: string, id = keyword.id) =>
        post(
          apiKey,
          `mutation { updateKeyword(id: "${id}", input: ${input}) { ${KEYWORD_FIELDS} } }`,
        );

      const paused = await update('{ active: false, mode: proximity, trackPosts: false }');
      expect((paused.body as GraphqlBody<{ updateKeyword: Fields }>).data?.updateKeyword).toEqual({
        ...camelCased(keyword),
        active: false,
        mode: 'proximity',
        trackPosts: false,
        updatedAt: '2026-11-21T11:00:00.000+00:00',
      });
      expectGraphqlError(await update('{ trackComments: false }'), 'invalid_body', 422);
      expectGraphqlError(await update('{ active: null }'), 'invalid_body', 422);
      expectGraphqlError(await update('{}'), 'invalid_body', 422);
      expectGraphqlError(await update('{ active: true }', 'unknown-id'), 'not_found', 404);
    });

    it('creates and updates filters with the REST rules, answering what GET /keywords answers', async () => {
      const apiKey = await newKey();
      const { createKeywords: outcome } = await run<{
        createKeywords: { created: Fields[]; rejected: Fields[] };
      }>(
        apiKey,
        `mutation Create($keywords: [CreateKeywordInput!]!) {
          createKeywords(keywords: $keywords) {
            created { ${KEYWORD_FIELDS} } rejected { text reason message }
          }
        }`,
        {
          keywords: [
            {
              text: 'acme',
              exclude: ['free  trial', 'FREE TRIAL'],
              subreddits: ['r/AskReddit'],
              excludeSubreddits: ['pics'],
              excludeAuthors: ['u/AutoModerator'],
            },
            { text: 'bad subreddit', subreddits: ['r/a'] },
          ],
        },
      );
      const rest = (await t.http.get('/api/v1/keywords').set(bearer(apiKey))).body as {
        data: KeywordResponse[];
      };
      expect(outcome.created).toEqual(rest.data.map(camelCased));
      expect(outcome.created[0]).toMatchObject({
        exclude: ['free trial'],
        subreddits: ['AskReddit'],
        excludeSubreddits: ['pics'],
        excludeAuthors: ['AutoModerator'],
      });
      expect(outcome.rejected).toEqual([
        {
          text: 'bad subreddit',
          reason: 'invalid',
          message: expect.stringContaining('subreddits[0]'),
        },
      ]);

      const update = (input: string) =>
        post(
          apiKey,
          `mutation { updateKeyword(id: "${rest.data[0].id}", input: ${input}) { ${KEYWORD_FIELDS} } }`,
        );
      const updated = await update('{ exclude: [], excludeAuthors: ["spam_bot"] }');
      expect((updated.body as GraphqlBody<{ updateKeyword: Fields }>).data?.updateKeyword).toEqual({
        ...outcome.created[0],
        exclude: [],
        excludeAuthors: ['spam_bot'],
      });
      expectGraphqlError(await update('{ subreddits: ["not a name"] }'), 'invalid_body', 422);
      expectGraphqlError(await update('{ exclude: null }'), 'invalid_body', 422);
      const listed = (await t.http.get('/api/v1/keywords').set(bearer(apiKey))).body as {
        data: KeywordResponse[];
      };
      expect(listed.data.map(camelCased)).toEqual([
        (updated.body as GraphqlBody<{ updateKeyword: Fields }>).data?.updateKeyword,
      ]);
    });

    it('answers keyword_limit_reached when resuming would exceed the plan', async () => {
      const apiKey = await newKey();
      const texts = Array.from({ length: 25 }, (_, i) => `limit term ${i}`);
      const [first] = await createKeywords(t, apiKey, texts);
      const pause = `mutation { updateKeyword(id: "${first.id}", input: { active: false }) { active } }`;
      await run(apiKey, pause);
      await createKeywords(t, apiKey, ['the replacement']);
      const resume = await post(
        apiKey,
        `mutation { updateKeyword(id: "${first.id}", input: { active: true }) { active } }`,
      );
      expectGraphqlError(resume, 'keyword_limit_reached', 403);
    });

    it('deletes a keyword, which then is neither listed nor deletable', async () => {
      const apiKey = await newKey();
      const [keyword] = await createKeywords(t, apiKey, ['short lived']);
      const remove = `mutation { deleteKeyword(id: "${keyword.id}") { deleted id } }`;
      expect(await run(apiKey, remove)).toEqual({
        deleteKeyword: { deleted: true, id: keyword.id },
      });
      expect(await run(apiKey, '{ keywords { count } }')).toEqual({ keywords: { count: 0 } });
      expectGraphqlError(await post(apiKey, remove), 'not_found', 404);
    });
  });

  describe('webhooks', () => {
    const create = (apiKey: string, input: string) =>
      post(
        apiKey,
        `mutation { createWebhook(input: ${input}) { secret webhook { ${WEBHOOK_FIELDS} } } }`,
      );

    it('creates a webhook and shows its secret once, then lists it as GET /webhooks does', async () => {
      const apiKey = await newKey();
      const res = await create(
        apiKey,
        '{ url: "https://hooks.example.com/alerts", name: "Slack relay" }',
      );
      const { createWebhook } = (
        res.body as GraphqlBody<{ createWebhook: { secret: string; webhook: Fields } }>
      ).data!;
      expect(createWebhook.secret).toMatch(/^[0-9a-f]{64}$/);
      expect(createWebhook.webhook).toEqual({
        id: expect.any(String),
        name: 'Slack relay',
        url: 'https://hooks.example.com/alerts',
        format: 'json',
        retryPolicy: 'none',
        active: true,
        lastDeliveryAt: null,
        totalDeliveries: 0,
        lastError: null,
        consecutiveFailures: 0,
        createdAt: '2026-11-21T10:00:00.000+00:00',
      });
      const { webhooks } = await run<{ webhooks: Fields }>(
        apiKey,
        `{ webhooks { count nodes { ${WEBHOOK_FIELDS} } } }`,
      );
      const rest = (await t.http.get('/api/v1/webhooks').set(bearer(apiKey))).body as {
        data: object[];
      };
      expect(webhooks).toEqual({ count: 1, nodes: rest.data.map(camelCased) });
      expect(JSON.stringify(webhooks)).not.toContain(createWebhook.secret);
      expectGraphqlError(
        await post(apiKey, '{ webhooks { nodes { secret } } }'),
        'invalid_body',
        422,
        400,
      );
    });

    it('refuses URLs and names that REST refuses, with invalid_body', async () => {
      const apiKey = await newKey();
      expectGraphqlError(
        await create(apiKey, '{ url: "http://hooks.example.com/x" }'),
        'invalid_body',
        422,
      );
      expectGraphqlError(
        await create(apiKey, '{ url: "https://10.0.0.8/x" }'),
        'invalid_body',
        422,
      );
      expectGraphqlError(
        await create(apiKey, '{ url: "https://localhost/x" }'),
        'invalid_body',
        422,
      );
      const longName = 'n'.repeat(81);
      expectGraphqlError(
        await create(apiKey, `{ url: "https://hooks.example.com/x", name: "${longName}" }`),
        'invalid_body',
        422,
      );
      expect(await run(apiKey, '{ webhooks { count } }')).toEqual({ webhooks: { count: 0 } });
    });

    it('renames, pauses and deletes a webhook; unknown ids are not_found', async () => {
      const apiKey = await newKey();
      const created = await create(apiKey, '{ url: "https://hooks.example.com/alerts" }');
      const { id } = (created.body as GraphqlBody<{ createWebhook: { webhook: { id: string } } }>)
        .data!.createWebhook.webhook;
      const updated = await run<{ updateWebhook: Fields }>(
        apiKey,
        `mutation { updateWebhook(id: "${id}", input: { name: "Renamed", active: false }) { id name active } }`,
      );
      expect(updated.updateWebhook).toEqual({ id, name: 'Renamed', active: false });
      expectGraphqlError(
        await post(apiKey, `mutation { updateWebhook(id: "${id}", input: {}) { id } }`),
        'invalid_body',
        422,
      );
      const remove = `mutation { deleteWebhook(id: "${id}") { deleted id } }`;
      expect(await run(apiKey, remove)).toEqual({ deleteWebhook: { deleted: true, id } });
      expectGraphqlError(await post(apiKey, remove), 'not_found', 404);
      expectGraphqlError(
        await post(
          apiKey,
          `mutation { updateWebhook(id: "${id}", input: { active: true }) { id } }`,
        ),
        'not_found',
        404,
      );
      expectGraphqlError(
        await post(apiKey, `mutation { testWebhook(id: "${id}") { ok } }`),
        'not_found',
        404,
      );
    });
  });

  describe('alerts', () => {
    async function setup(texts: readonly string[] = ['acme corp']) {
      const { apiKey, accountId } = await t.account('starter', 'alerts');
      const keywords = await createKeywords(t, apiKey, texts);
      return { apiKey, accountId, keywords };
    }

    type Connection = {
      edges: { cursor: string; node: Fields }[];
      pageInfo: { hasNextPage: boolean; endCursor: string | null };
    };

    const listAlerts = async (apiKey: string, args: string) =>
      (
        await run<{ alerts: Connection }>(
          apiKey,
          `{ alerts${args} { edges { cursor node { ${ALERT_FIELDS} } } pageInfo { hasNextPage endCursor } } }`,
        )
      ).alerts;

    it('returns alerts as REST does, with the documented field names', async () => {
      const { apiKey, accountId, keywords } = await setup();
      const base = { accountId, keywordId: keywords[0].id, keywordText: keywords[0].text };
      await insertAlert(t, { ...base, matchedAt: Date.parse('2026-11-21T09:00:00.000Z') });
      await insertAlert(t, {
        ...base,
        event: 'comment',
        matchedAt: Date.parse('2026-11-21T09:30:00.123Z'),
      });

      const connection = await listAlerts(apiKey, '');
      const rest = (await t.http.get('/api/v1/alerts').set(bearer(apiKey))).body as {
        data: AlertResponse[];
      };
      expect(connection.edges.map((edge) => edge.node)).toEqual(rest.data.map(alertFromRest));
      expect(connection.edges[0].node).toMatchObject({
        event: 'comment',
        timestamp: '2026-11-21T09:30:00.123+00:00',
        relevanceScore: null,
        comment: 'We moved off Acme Corp last year and never looked back.',
      });
      expect(connection.edges[1].node.comment).toBeNull();
      expect(connection.pageInfo).toEqual({
        hasNextPage: false,
        endCursor: connection.edges[1].cursor,
      });
    });

    it('pages newest first with cursors that REST accepts too', async () => {
      const { apiKey, accountId, keywords } = await setup();
      const stored = await insertAlertSeries(t, 7, { accountId, keywordId: keywords[0].id });

      const seen: string[] = [];
      let args = '(first: 3)';
      for (let page = 0; page < 5; page += 1) {
        const connection = await listAlerts(apiKey, args);
        seen.push(...connection.edges.map((edge) => edge.node.id as string));
        if (!connection.pageInfo.hasNextPage) break;
        args = `(first: 3, after: "${connection.pageInfo.endCursor}")`;
      }
      expect(seen).toEqual(stored.map((alert) => alert.id));

      const firstPage = await listAlerts(apiKey, '(first: 3)');
      const rest = (await t.http.get('/api/v1/alerts').query({ limit: 3 }).set(bearer(apiKey)))
        .body as {
        next_cursor: string;
      };
      expect(firstPage.pageInfo.endCursor).toBe(rest.next_cursor);
    });

    it('applies the REST filters', async () => {
      const { apiKey, accountId, keywords } = await setup(['acme corp', 'price tracking']);
      const [acme, price] = keywords;
      const older = await insertAlert(t, {
        accountId,
        keywordId: acme.id,
        subreddit: 'SaaS',
        matchedAt: Date.parse('2026-11-21T08:00:00.000Z'),
      });
      const comment = await insertAlert(t, {
        accountId,
        keywordId: acme.id,
        event: 'comment',
        subreddit: 'startups',
        matchedAt: Date.parse('2026-11-21T09:00:00.000Z'),
      });
      const other = await insertAlert(t, {
        accountId,
        keywordId: price.id,
        subreddit: 'SaaS',
        matchedAt: Date.parse('2026-11-21T09:30:00.000Z'),
      });
      const ids = async (args: string) =>
        (await listAlerts(apiKey, args)).edges.map((edge) => edge.node.id);

      expect(await ids(`(keywordId: "${acme.id}")`)).toEqual([comment.id, older.id]);
      expect(await ids('(type: comment)')).toEqual([comment.id]);
      expect(await ids('(subreddit: "r/saas")')).toEqual([other.id, older.id]);
      expect(await ids('(since: "2026-11-21T08:00:00Z")')).toEqual([other.id, comment.id]);
      expect(await ids('(since: null, type: null)')).toEqual([other.id, comment.id, older.id]);
    });

    it('refuses the values REST refuses with invalid_body', async () => {
      const { apiKey } = await setup();
      for (const args of [
        '(first: 0)',
        '(first: 101)',
        '(after: "not-a-cursor")',
        '(since: "yesterday")',
      ]) {
        expectGraphqlError(
          await post(apiKey, `{ alerts${args} { edges { cursor } } }`),
          'invalid_body',
          422,
        );
      }
      expectGraphqlError(
        await post(apiKey, '{ alerts(type: test) { edges { cursor } } }'),
        'invalid_body',
        422,
        400,
      );
    });

    it('resolves each alert keyword, and null once the keyword is deleted', async () => {
      const { apiKey, accountId, keywords } = await setup(['acme corp', 'price tracking']);
      const [acme, price] = keywords;
      const now = t.clock.nowMs();
      await insertAlert(t, {
        accountId,
        keywordId: acme.id,
        keywordText: acme.text,
        matchedAt: now - 2,
      });
      await insertAlert(t, {
        accountId,
        keywordId: price.id,
        keywordText: price.text,
        matchedAt: now - 1,
      });
      const query =
        '{ alerts { edges { node { keywordId keywordText keyword { id text active } } } } }';

      const before = await run<{ alerts: Connection }>(apiKey, query);
      expect(before.alerts.edges.map((edge) => edge.node.keyword)).toEqual([
        { id: price.id, text: 'price tracking', active: true },
        { id: acme.id, text: 'acme corp', active: true },
      ]);
      await deleteKeyword(t, apiKey, price.id);
      const after = await run<{ alerts: Connection }>(apiKey, query);
      expect(after.alerts.edges[0].node).toEqual({
        keywordId: price.id,
        keywordText: 'price tracking',
        keyword: null,
      });
    });

    it('loads the keywords of a page in one query, whatever the page size', async () => {
      const { apiKey, accountId, keywords } = await setup(['alpha one', 'beta two', 'gamma three']);
      for (let i = 0; i < 30; i += 1) {
        const keyword = keywords[i % keywords.length];
        await insertAlert(t, { accountId, keywordId: keyword.id, matchedAt: t.clock.nowMs() - i });
      }
      const logQuery = jest.spyOn(t.database.manager.connection.logger, 'logQuery');
      const queriesFor = async (first: number) => {
        logQuery.mockClear();
        const { alerts } = await run<{ alerts: Connection }>(
          apiKey,
          `{ alerts(first: ${first}) { edges { node { keywordId keyword { id text } } } } }`,
        );
        expect(alerts.edges).toHaveLength(first);
        for (const { node } of alerts.edges) {
          expect((node.keyword as { id: string }).id).toBe(node.keywordId);
        }
        return logQuery.mock.calls.length;
      };

      const small = await queriesFor(2);
      const large = await queriesFor(30);
      expect(large).toBe(small);
      expect(logQuery.mock.calls.filter(([sql]) => /from "keywords"/i.test(sql))).toHaveLength(1);
    });

    it('finds one alert by id, and answers not_found for an unknown or foreign one', async () => {
      const { apiKey, accountId, keywords } = await setup();
      const alert = await insertAlert(t, { accountId, keywordId: keywords[0].id });
      const rest = (await t.http.get(`/api/v1/alerts/${alert.id}`).set(bearer(apiKey))).body as {
        data: AlertResponse;
      };
      expect(await run(apiKey, `{ alert(id: "${alert.id}") { ${ALERT_FIELDS} } }`)).toEqual({
        alert: alertFromRest(rest.data),
      });

      const stranger = await newKey();
      const res = await post(stranger, `{ alert(id: "${alert.id}") { id } keywords { count } }`);
      expectGraphqlError(res, 'not_found', 404);
      expect((res.body as GraphqlBody<unknown>).data).toEqual({
        alert: null,
        keywords: { count: 0 },
      });
    });
  });

  describe('usage', () => {
    it('reports the plan and today per keyword, as GET /usage does', async () => {
      const apiKey = await newKey();
      const [acme, price] = await createKeywords(t, apiKey, ['acme corp', 'price tracking']);
      await insertUsage(t, acme.id, '2026-11-21', 100, 3);
      await insertUsage(t, price.id, '2026-11-21', 4, 0);
      const { usage } = await run<{ usage: Fields }>(
        apiKey,
        `{ usage { plan status keywordLimit keywordsUsed perKeywordDailyCap historyDays
                   rateLimitPerMinute day deliveredToday cappedToday
                   today { keywordId text active delivered capped capReached query } } }`,
      );
      const rest = (await t.http.get('/api/v1/usage').set(bearer(apiKey))).body as {
        data: { today: object[] };
      };
      expect(usage).toEqual({ ...camelCased(rest.data), today: rest.data.today.map(camelCased) });
      expect(usage).toMatchObject({ deliveredToday: 104, cappedToday: 3 });
      expect((usage.today as Fields[])[0]).toEqual({
        keywordId: acme.id,
        text: 'acme corp',
        active: true,
        delivered: 100,
        capped: 3,
        capReached: true,
        query: null,
      });
    });
  });

  describe('errors', () => {
    it('answers 401 unauthorized without a key or with an unknown one', async () => {
      const missing = await post(null, '{ keywords { count } }');
      expectGraphqlError(missing, 'unauthorized', 401, 401);
      // Refused before execution: a request error, which has no data entry at all.
      expect(missing.body).not.toHaveProperty('data');
      expectGraphqlError(await post(null, '{ __typename }'), 'unauthorized', 401, 401);
      expectGraphqlError(await post(null, '{ keywords { count '), 'unauthorized', 401, 401);
      expectGraphqlError(
        await post('alr_notarealkey', '{ usage { plan } }'),
        'unauthorized',
        401,
        401,
      );
      expectGraphqlError(
        await post(
          null,
          'mutation { createKeywords(keywords: [{ text: "acme" }]) { created { id } } }',
        ),
        'unauthorized',
        401,
        401,
      );
    });

    it('answers 403 wrong_product for an App key', async () => {
      const { apiKey } = await t.account('starter', 'app');
      expectGraphqlError(await post(apiKey, '{ webhooks { count } }'), 'wrong_product', 403, 403);
    });

    it('answers 402 subscription_required once the plan is canceled', async () => {
      const { apiKey, accountId } = await t.account('starter', 'alerts');
      await t.app.get(AccountsService).updateAccount(accountId, { status: 'canceled' });
      expectGraphqlError(
        await post(apiKey, '{ alerts { edges { cursor } } }'),
        'subscription_required',
        402,
        402,
      );
    });

    it('hides unexpected failures behind internal_error and a reference', async () => {
      const apiKey = await newKey();
      jest
        .spyOn(t.app.get(UsageService), 'report')
        .mockRejectedValueOnce(
          new Error('connection to db-internal-7 refused at usage.service.ts:42'),
        );
      const res = await post(apiKey, '{ usage { plan } }');
      expectGraphqlError(res, 'internal_error', 500);
      expect(errorsOf(res)[0].message).toMatch(/^Internal error \(reference [0-9a-f-]{36}\)$/);
      expect(JSON.stringify(res.body)).not.toMatch(/db-internal|usage\.service|stack/);
    });

    it('answers a malformed document with invalid_body', async () => {
      const apiKey = await newKey();
      expectGraphqlError(await post(apiKey, '{ keywords { count '), 'invalid_body', 422, 400);
      expectGraphqlError(await post(apiKey, '{ keywords { nope } }'), 'invalid_body', 422, 400);
      expectGraphqlError(
        await post(apiKey, 'query($n: Int) { alerts(first: $n) { edges { cursor } } }', {
          n: 'ten',
        }),
        'invalid_body',
        422,
        400,
      );
    });

    it('leaves REST errors as they were', async () => {
      const res = await t.http.get('/api/v1/graphql').expect(404);
      expect(res.body).toEqual({ error: expect.any(String), code: 'not_found' });
    });
  });

  describe('rate limit', () => {
    it('sends the X-RateLimit headers on queries, not on mutations', async () => {
      const apiKey = await newKey();
      const query = await post(apiKey, '{ keywords { count } }');
      expect(query.headers['x-ratelimit-limit']).toBe('60');
      expect(query.headers['x-ratelimit-remaining']).toBe('59');
      expect(Number(query.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
      const mutation = await post(apiKey, 'mutation { deleteKeyword(id: "none") { id } }');
      expect(mutation.headers['x-ratelimit-limit']).toBeUndefined();
    });

    it('counts each top-level field of a query as one read, nested fields as none', async () => {
      const apiKey = await newKey();
      const res = await post(
        apiKey,
        '{ keywords { count } a: alerts { edges { node { keyword { id } } } } b: usage { plan } }',
      );
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-remaining']).toBe('57');
    });

    it('counts queries against the read budget REST GETs share, then answers 429 rate_limited', async () => {
      const apiKey = await newKey();
      for (let i = 0; i < 30; i += 1) {
        await t.http.get('/api/v1/keywords').set(bearer(apiKey)).expect(200);
        expect((await post(apiKey, '{ usage { plan } }')).status).toBe(200);
      }
      const refused = await post(apiKey, '{ keywords { count } }');
      expectGraphqlError(refused, 'rate_limited', 429, 429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(refused.headers['x-ratelimit-remaining']).toBe('0');
      await t.http.get('/api/v1/usage').set(bearer(apiKey)).expect(429);

      const write =
        'mutation { createKeywords(keywords: [{ text: "still writable" }]) { created { id } } }';
      expect(await run(apiKey, write)).toEqual({
        createKeywords: { created: [{ id: expect.any(String) }] },
      });
    });
  });
});

describe.each(testDatabaseKinds())('GraphQL testWebhook on %s', (kind) => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    t = await createTestApp(kind, { WEBHOOK_ALLOW_PRIVATE: 'true' });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  const post = (apiKey: string, query: string) =>
    t.http.post('/graphql').set(bearer(apiKey)).send({ query });

  it('sends a signed test delivery, records it, and keeps to the test budget', async () => {
    const { apiKey } = await t.account('starter', 'alerts');
    const created = await post(
      apiKey,
      `mutation { createWebhook(input: { url: "${receiver.url}" }) { secret webhook { id } } }`,
    );
    const { secret, webhook } = (
      created.body as GraphqlBody<{ createWebhook: { secret: string; webhook: { id: string } } }>
    ).data!.createWebhook;
    const test = `mutation { testWebhook(id: "${webhook.id}") { ok status error } }`;

    const first = await post(apiKey, test);
    expect(first.body).toEqual({ data: { testWebhook: { ok: true, status: 200, error: null } } });
    const [delivery] = await receiver.received(1);
    expect(delivery.headers['x-webhook-event']).toBe('test');
    expect(await hasValidSignature(delivery, secret)).toBe(true);
    const listed = await post(apiKey, '{ webhooks { nodes { lastDeliveryAt lastError } } }');
    expect(listed.body).toEqual({
      data: {
        webhooks: { nodes: [{ lastDeliveryAt: '2026-11-21T10:00:00.000+00:00', lastError: null }] },
      },
    });

    for (let i = 1; i < 10; i += 1) expect((await post(apiKey, test)).status).toBe(200);
    expectGraphqlError(await post(apiKey, test), 'rate_limited', 429, 429);
  });
});
