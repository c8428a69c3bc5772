import type { KeywordResponseDto as KeywordResponse } from '../../src/modules/keywords/dto/keyword.dto.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import {
  camelCased,
  expectGraphqlError,
  postGraphql,
  runGraphql,
  type Fields,
  type GraphqlBody,
} from '../utils/graphql.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

/** Every keyword answer, in order: the query comes after the filter lists (decisions section 13). */
const KEYWORD_FIELDS = [
  'id',
  'text',
  'mode',
  'active',
  'track_posts',
  'track_comments',
  'created_at',
  'updated_at',
  'exclude',
  'subreddits',
  'exclude_subreddits',
  'exclude_authors',
  'query',
];
const USAGE_ENTRY_FIELDS = [
  'keyword_id',
  'text',
  'active',
  'delivered',
  'capped',
  'cap_reached',
  'query',
];
const GRAPHQL_KEYWORD = 'id text mode active exclude query';

const ACME = '("acme crm" OR acmecrm OR site:acme.io) -author:AutoModerator';
const NEAR = '(alternative* OR "switch from") NEAR/6 (salesforce OR hubspot) type:post';

describe.each(testDatabaseKinds())('keyword queries on %s', (kind) => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  beforeEach(async () => {
    ({ apiKey: key } = await t.account('starter'));
  });
  afterAll(() => t.close());

  const post = (body: object) => t.http.post('/api/v1/keywords').set(bearer(key)).send(body);
  const patch = (id: string, body: object) =>
    t.http.patch(`/api/v1/keywords/${id}`).set(bearer(key)).send(body);
  const patched = async (id: string, body: object): Promise<KeywordResponse> =>
    (await patch(id, body).expect(200)).body.data;
  const list = async (): Promise<KeywordResponse[]> =>
    (await t.http.get('/api/v1/keywords').set(bearer(key)).expect(200)).body.data;
  const create = async (item: object): Promise<KeywordResponse> => {
    const res = await post({ keywords: [item] }).expect(201);
    expect(res.body.rejected).toEqual([]);
    return res.body.created[0];
  };

  describe('REST', () => {
    it('stores a query as written and answers it last, in POST, GET /keywords and /usage', async () => {
      const res = await post({
        keywords: [
          { text: 'acme', query: ACME, exclude: ['free trial'] },
          { text: 'crm switch', query: NEAR },
          { text: 'plain' },
        ],
      }).expect(201);
      expect(res.body.rejected).toEqual([]);
      const [acme, crm, plain] = res.body.created as KeywordResponse[];
      for (const keyword of [acme, crm, plain]) {
        expect(Object.keys(keyword)).toEqual(KEYWORD_FIELDS);
      }
      expect(acme).toMatchObject({ text: 'acme', exclude: ['free trial'], query: ACME });
      expect(crm.query).toBe(NEAR);
      expect(plain.query).toBeNull();

      const listed = await list();
      expect(listed).toEqual([acme, crm, plain]);
      expect(listed.map((keyword) => Object.keys(keyword))).toEqual([
        KEYWORD_FIELDS,
        KEYWORD_FIELDS,
        KEYWORD_FIELDS,
      ]);

      const usage = (await t.http.get('/api/v1/usage').set(bearer(key)).expect(200)).body.data;
      const today = usage.today as Record<string, unknown>[];
      expect(today.map((entry) => Object.keys(entry))).toEqual([
        USAGE_ENTRY_FIELDS,
        USAGE_ENTRY_FIELDS,
        USAGE_ENTRY_FIELDS,
      ]);
      expect(Object.fromEntries(today.map((entry) => [entry.text, entry.query]))).toEqual({
        acme: ACME,
        'crm switch': NEAR,
        plain: null,
      });
    });

    it('rejects an item with a bad query as invalid, with the parser message, and creates the others', async () => {
      const res = await post({
        keywords: [
          { text: 'first', query: 'acme OR price OR' },
          { text: 'second', query: '"acme crm' },
          { text: 'third', query: '-acme -sub:acme' },
          { text: 'fourth', query: 'pl* tools' },
          { text: 'fifth', query: '' },
          { text: 'sixth', query: 'x'.repeat(1001) },
          { text: 'seventh', query: 42 },
          { text: 'eighth', query: 'x'.repeat(1000) },
          { text: 'ninth', query: null },
        ],
      }).expect(201);
      expect(res.body.rejected).toEqual([
        {
          text: 'first',
          reason: 'invalid',
          message: 'query: expected a term after OR at character 17',
        },
        {
          text: 'second',
          reason: 'invalid',
          message: 'query: expected a closing " for this phrase at character 1',
        },
        {
          text: 'third',
          reason: 'invalid',
          message:
            'query: expected a word, phrase, prefix, literal, sub:, author: or site: outside NOT (only negations match nothing) at character 1',
        },
        {
          text: 'fourth',
          reason: 'invalid',
          message: 'query: expected at least 3 letters before * at character 1',
        },
        { text: 'fifth', reason: 'invalid', message: 'query: expected a term at character 1' },
        {
          text: 'sixth',
          reason: 'invalid',
          message: 'query: expected at most 1000 characters at character 1001',
        },
        { text: 'seventh', reason: 'invalid', message: 'query must be a string or null' },
      ]);
      expect(
        (res.body.created as KeywordResponse[]).map((keyword) => [
          keyword.text,
          keyword.query?.length ?? null,
        ]),
      ).toEqual([
        ['eighth', 1000],
        ['ninth', null],
      ]);
    });

    it('PATCH sets, replaces and clears a query (null), keeps it when not given, and refuses a bad one with 422', async () => {
      const keyword = await create({ text: 'acme' });
      t.clock.advance(60_000);

      const set = await patched(keyword.id, { query: ACME });
      expect(Object.keys(set)).toEqual(KEYWORD_FIELDS);
      expect(set).toEqual({ ...keyword, query: ACME, updated_at: expect.any(String) });
      expect(set.updated_at).not.toBe(keyword.updated_at);

      const paused = await patched(keyword.id, { active: false });
      expect(paused.query).toBe(ACME);

      const bad = await patch(keyword.id, { query: 'acme NEAR/99 b' }).expect(422);
      expect(bad.body).toEqual({
        error: 'query: expected NEAR/n with n from 1 to 50 at character 6',
        code: 'invalid_body',
      });
      const notString = await patch(keyword.id, { query: ['acme'] }).expect(422);
      expect(notString.body).toEqual({
        error: 'query must be a string or null',
        code: 'invalid_body',
      });
      expect((await list())[0].query).toBe(ACME);

      const replaced = await patched(keyword.id, { query: NEAR });
      expect(replaced.query).toBe(NEAR);
      const cleared = await patched(keyword.id, { query: null });
      expect(cleared).toEqual({ ...paused, query: null, updated_at: expect.any(String) });
      expect((await list())[0].query).toBeNull();
    });

    it('keeps the query of a live keyword posted again, and gives a restored one the request query', async () => {
      const keyword = await create({ text: 'acme', query: ACME });
      const again = await post({ keywords: [{ text: 'ACME', query: NEAR }] }).expect(200);
      expect(again.body.existing).toEqual([keyword]);

      await t.http.delete(`/api/v1/keywords/${keyword.id}`).set(bearer(key)).expect(200);
      const restored = await create({ text: 'acme' });
      expect(restored).toMatchObject({ id: keyword.id, query: null });
    });
  });

  describe('GraphQL', () => {
    it('creates, updates and reads a query through the same rules and messages as REST', async () => {
      const { createKeywords: outcome } = await runGraphql<{
        createKeywords: { created: Fields[]; rejected: Fields[] };
      }>(
        t,
        key,
        `mutation Create($keywords: [CreateKeywordInput!]!) {
          createKeywords(keywords: $keywords) {
            created { ${GRAPHQL_KEYWORD} } rejected { text reason message }
          }
        }`,
        {
          keywords: [
            { text: 'acme', query: ACME },
            { text: 'plain', query: null },
            { text: 'broken', query: 'acme OR price OR' },
          ],
        },
      );
      expect(outcome.created).toEqual([
        {
          id: expect.any(String),
          text: 'acme',
          mode: 'exact',
          active: true,
          exclude: [],
          query: ACME,
        },
        {
          id: expect.any(String),
          text: 'plain',
          mode: 'exact',
          active: true,
          exclude: [],
          query: null,
        },
      ]);
      expect(outcome.rejected).toEqual([
        {
          text: 'broken',
          reason: 'invalid',
          message: 'query: expected a term after OR at character 17',
        },
      ]);
      const [acme, plain] = outcome.created;

      const update = (id: unknown, input: Fields) =>
        postGraphql(
          t,
          key,
          `mutation Update($id: ID!, $input: UpdateKeywordInput!) {
            updateKeyword(id: $id, input: $input) { ${GRAPHQL_KEYWORD} }
          }`,
          { id, input },
        );
      const set = await update(plain.id, { query: NEAR });
      expect((set.body as GraphqlBody<{ updateKeyword: Fields }>).data?.updateKeyword).toEqual({
        ...plain,
        query: NEAR,
      });
      const cleared = await update(acme.id, { query: null });
      expect((cleared.body as GraphqlBody<{ updateKeyword: Fields }>).data?.updateKeyword).toEqual({
        ...acme,
        query: null,
      });
      const bad = await update(acme.id, { query: '{ACME' });
      expectGraphqlError(bad, 'invalid_body', 422);
      expect((bad.body as GraphqlBody<unknown>).errors?.[0].message).toBe(
        'query: expected a closing } for the term opened with { at character 6',
      );

      const { keywords } = await runGraphql<{ keywords: { nodes: Fields[] } }>(
        t,
        key,
        `{ keywords { nodes { ${GRAPHQL_KEYWORD} } } }`,
      );
      const rest = await list();
      expect(keywords.nodes).toEqual(
        rest.map((keyword) => {
          const { id, text, mode, active, exclude, query } = camelCased(keyword);
          return { id, text, mode, active, exclude, query };
        }),
      );
      expect(keywords.nodes.map((node) => node.query)).toEqual([null, NEAR]);

      const { usage } = await runGraphql<{ usage: { today: Fields[] } }>(
        t,
        key,
        '{ usage { today { text query } } }',
      );
      expect(usage.today).toEqual(
        expect.arrayContaining([
          { text: 'acme', query: null },
          { text: 'plain', query: NEAR },
        ]),
      );
    });
  });
});
