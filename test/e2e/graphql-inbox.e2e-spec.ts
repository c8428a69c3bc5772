import { AccountsService } from '../../src/modules/accounts/accounts.service.js';
import { IngestionPipeline } from '../../src/modules/ingestion/ingestion-pipeline.service.js';
import type { InboxItemDto as InboxItemResponse } from '../../src/modules/inbox/items/dto/inbox-item.dto.js';
import { INBOX_SORTS } from '../../src/modules/inbox/items/inbox-query.js';
import { dumpComment, dumpPost, normalizedItem } from '../factories/reddit-dump.factory.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import {
  camelCased,
  errorsOf,
  expectGraphqlError,
  postGraphql,
  runGraphql,
  type Fields,
  type GraphqlBody,
} from '../utils/graphql.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

const ITEM_FIELDS =
  'id postId postTitle postUrl postAuthor postSubreddit postContent postCreatedUtc postScore ' +
  'postNumComments relevanceScore type isRead isDeclined matchedKeyword commentId commentContent createdAt';

interface Connection {
  edges: { cursor: string; node: Fields }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount?: number;
}

describe.each(testDatabaseKinds())('the App inbox over GraphQL on %s', (kind) => {
  let t: TestApp;
  let ownerId: string;
  let key: string;
  let widgets: string;

  const rest = async (query: string) =>
    (await t.http.get(`/api/v1/inbox${query}`).set(bearer(key)).expect(200)).body as {
      data: InboxItemResponse[];
      count: number;
    };
  const post = (query: string, apiKey = key) => postGraphql(t, apiKey, query);
  const inbox = async (args: string, fields = 'id') =>
    (
      await runGraphql<{ inbox: Connection }>(
        t,
        key,
        `{ inbox${args} { edges { cursor node { ${fields} } } pageInfo { hasNextPage endCursor } totalCount } }`,
      )
    ).inbox;
  /** Every id a listing gives, page after page of `first` items. */
  async function allPages(args: string, first: number): Promise<string[]> {
    const ids: string[] = [];
    let after = '';
    for (let page = 0; page < 20; page += 1) {
      const connection = await inbox(`(first: ${first}${args}${after})`);
      ids.push(...connection.edges.map((edge) => edge.node.id as string));
      if (!connection.pageInfo.hasNextPage) return ids;
      after = `, after: "${connection.pageInfo.endCursor}"`;
    }
    throw new Error('more pages than items');
  }

  /**
   * Through the real pipeline, a minute apart: a widgets title match, a widgets body match, a
   * widgets comment, a gizmos title match, then four alike gizmos posts in one batch (the same
   * time, score and counts: only their ids tell them apart).
   */
  beforeAll(async () => {
    t = await createTestApp(kind);
    let ownerKey: string;
    ({ apiKey: ownerKey, accountId: ownerId } = await t.account('starter', 'app'));
    const search = async (body: object) =>
      (await t.http.post('/api/v1/searches').set(bearer(ownerKey)).send(body).expect(201)).body.data
        .id as string;
    widgets = await search({ name: 'Widgets', keywords: ['acme widget'] });
    await search({ name: 'Gizmos', keywords: ['gizmo'] });
    const thread = dumpPost({ title: 'Help needed', score: 10, num_comments: 40 });
    const batches = [
      [dumpPost({ title: 'acme widget review', score: 5, num_comments: 1 })],
      [dumpPost({ title: 'Question', selftext: 'an acme widget?', score: 200, num_comments: 2 })],
      [thread, dumpComment(thread, { body: 'my acme widget broke' })],
      [dumpPost({ title: 'gizmo for renters', score: 60, num_comments: 25 })],
      [1, 2, 3, 4].map(() => dumpPost({ title: 'gizmo deal', score: 7, num_comments: 3 })),
    ];
    for (const batch of batches) {
      t.clock.advance(60_000);
      await t.app.get(IngestionPipeline).process(batch.map(normalizedItem));
    }
  });
  beforeEach(async () => {
    // A fresh key per test keeps each test inside the per-key read budget.
    ({ apiKey: key } = await t.app.get(AccountsService).createKey(ownerId));
  });
  afterAll(() => t.close());

  it('lists the items as GET /inbox does, newest first, with the total count', async () => {
    const connection = await inbox('', ITEM_FIELDS);
    const listed = await rest('');
    expect(connection.edges.map((edge) => edge.node)).toEqual(listed.data.map(camelCased));
    expect(connection.totalCount).toBe(8);
    expect(connection.pageInfo).toEqual({
      hasNextPage: false,
      endCursor: connection.edges[7].cursor,
    });
    const comment = connection.edges.find((edge) => edge.node.type === 'comment')!.node;
    expect(comment.commentContent).toBe('my acme widget broke');
  });

  it.each([...INBOX_SORTS])(
    'pages by keyset in the order of sort_by=%s, ties included',
    async (sortBy) => {
      const expected = (await rest(`?sort_by=${sortBy}`)).data.map((item) => item.id);
      expect(await allPages(`, sortBy: ${sortBy}`, 3)).toEqual(expected);
      expect(await allPages(`, sortBy: ${sortBy}`, 1)).toEqual(expected);
    },
  );

  it('applies the REST filters, and counts what they keep', async () => {
    const threshold = (await rest('?sort_by=score_high')).data[3].relevance_score;
    const cases: [string, string][] = [
      [`searchId: "${widgets}"`, `search_id=${widgets}`],
      ['type: seo', 'type=seo'],
      [`minScore: ${threshold + 0.5}`, `min_score=${threshold + 0.5}`],
      [`minScore: ${threshold}, type: realtime`, `min_score=${threshold}&type=realtime`],
      [
        'searchId: "0190f0f0-0000-7000-8000-000000000000"',
        'search_id=0190f0f0-0000-7000-8000-000000000000',
      ],
    ];
    for (const [args, query] of cases) {
      const listed = await rest(`?${query}`);
      const connection = await inbox(`(${args})`);
      expect(connection.edges.map((edge) => edge.node.id)).toEqual(listed.data.map((i) => i.id));
      expect(connection.totalCount).toBe(listed.count);
    }
    expect((await inbox('(minScore: 0)')).totalCount).toBe(8);
  });

  it('marks an item read and declined, and back, as PATCH /inbox/:id does', async () => {
    const [item] = (await rest('?sort_by=oldest')).data;
    const update = (input: string) =>
      post(
        `mutation { updateInboxItem(id: "${item.id}", input: ${input}) { id isRead isDeclined } }`,
      );

    const read = await update('{ isRead: true }');
    expect((read.body as GraphqlBody<unknown>).data).toEqual({
      updateInboxItem: { id: item.id, isRead: true, isDeclined: false },
    });
    const unread = await inbox('(unreadOnly: true)');
    expect(unread.totalCount).toBe(7);
    expect(unread.edges.map((edge) => edge.node.id)).not.toContain(item.id);
    await update('{ isDeclined: true }');
    const stored = (await rest('?sort_by=oldest')).data[0];
    expect(stored).toMatchObject({ id: item.id, is_read: true, is_declined: true });

    await update('{ isRead: false, isDeclined: false }');
    expect((await rest('?sort_by=oldest')).data[0]).toEqual(item);
    const { inboxItem } = await runGraphql<{ inboxItem: Fields }>(
      t,
      key,
      `{ inboxItem(id: "${item.id}") { ${ITEM_FIELDS} } }`,
    );
    expect(inboxItem).toEqual(camelCased(item));
  });

  it('refuses what REST refuses with invalid_body, and unknown ids with not_found', async () => {
    const [item] = (await rest('')).data;
    const invalid = [
      `mutation { updateInboxItem(id: "${item.id}", input: {}) { id } }`,
      `mutation { updateInboxItem(id: "${item.id}", input: { isRead: null }) { id } }`,
      '{ inbox(minScore: 101) { totalCount } }',
      '{ inbox(minScore: -1) { totalCount } }',
      '{ inbox(first: 0) { totalCount } }',
      '{ inbox(first: 101) { totalCount } }',
      '{ inbox(searchId: " ") { totalCount } }',
      '{ inbox(after: "not-a-cursor") { totalCount } }',
    ];
    for (const query of invalid) expectGraphqlError(await post(query), 'invalid_body', 422);

    const newest = await inbox('(first: 1)');
    const mixed = await post(
      `{ inbox(sortBy: oldest, after: "${newest.pageInfo.endCursor}") { totalCount } }`,
    );
    expectGraphqlError(mixed, 'invalid_body', 422);
    expect(errorsOf(mixed)[0].message).toContain('same sortBy');
    expectGraphqlError(
      await post('{ inbox(type: post) { totalCount } }'),
      'invalid_body',
      422,
      400,
    );

    const unknown = '0190f0f0-0000-7000-8000-000000000000';
    expectGraphqlError(await post(`{ inboxItem(id: "${unknown}") { id } }`), 'not_found', 404);
    expectGraphqlError(
      await post(`mutation { updateInboxItem(id: "${unknown}", input: { isRead: true }) { id } }`),
      'not_found',
      404,
    );
    const stranger = (await t.account('starter', 'app')).apiKey;
    expectGraphqlError(
      await post(`{ inboxItem(id: "${item.id}") { id } }`, stranger),
      'not_found',
      404,
    );
  });

  it('lists the searches an inbox can be filtered by, as GET /searches does', async () => {
    const { searches } = await runGraphql<{ searches: Fields[] }>(
      t,
      key,
      '{ searches { id name description active keywords { text mode } createdAt updatedAt } }',
    );
    const listed = (await t.http.get('/api/v1/searches').set(bearer(key)).expect(200)).body as {
      data: object[];
    };
    expect(searches).toEqual(listed.data.map(camelCased));
    expect(searches.map((search) => search.name)).toEqual(['Widgets', 'Gizmos']);
  });

  it('answers 403 wrong_product to an Alerts key, as REST does', async () => {
    const { apiKey } = await t.account('starter', 'alerts');
    for (const query of [
      '{ inbox { totalCount } }',
      `{ inboxItem(id: "${(await rest('')).data[0].id}") { id } }`,
      '{ searches { id } }',
      'mutation { updateInboxItem(id: "x", input: { isRead: true }) { id } }',
    ]) {
      expectGraphqlError(await post(query, apiKey), 'wrong_product', 403, 403);
    }
  });

  it('answers the inbox fields of an App key and refuses its Alerts fields in the same operation', async () => {
    const alertId = '0190f0f0-0000-7000-8000-000000000000';
    const res = await post(`{ inbox(first: 1) { totalCount } alert(id: "${alertId}") { id } }`);
    expectGraphqlError(res, 'wrong_product', 403, 403);
    expect(errorsOf(res)[0].path).toEqual(['alert']);
    expect((res.body as GraphqlBody<unknown>).data).toEqual({
      inbox: { totalCount: 8 },
      alert: null,
    });
  });

  it('answers 402 subscription_required once the App plan is canceled', async () => {
    const { apiKey, accountId } = await t.account('starter', 'app');
    await t.app.get(AccountsService).updateAccount(accountId, { status: 'canceled' });
    expectGraphqlError(
      await post('{ inbox { totalCount } }', apiKey),
      'subscription_required',
      402,
      402,
    );
  });
});
