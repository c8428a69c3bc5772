import { Database } from '../../src/database/database.js';
import { AccountsService } from '../../src/modules/accounts/accounts.service.js';
import { IngestionPipeline } from '../../src/modules/ingestion/ingestion-pipeline.service.js';
import { LiveKeywordMatcher } from '../../src/modules/matching/live-keyword-matcher.service.js';
import {
  createKeyword,
  createKeywords,
  deleteKeyword,
  pauseKeyword,
} from '../factories/keyword.factory.js';
import { dumpPost, normalizedItem } from '../factories/reddit-dump.factory.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { metricValue } from '../utils/polling-app.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

/** Rows an instance's live matchers have read from a table so far, from its GET /metrics. */
const rowsRead = async (t: TestApp, index: 'alerts' | 'inbox', table: string): Promise<number> =>
  (await metricValue(t, `alerts_live_index_rows_read_total{index="${index}",table="${table}"}`)) ??
  0;

describe.each(testDatabaseKinds())('live indexes kept in step across instances on %s', (kind) => {
  let editor: TestApp;
  let ingester: TestApp;
  beforeAll(async () => {
    editor = await createTestApp(kind);
    ingester = await createTestApp(kind, {}, { databaseUrl: editor.databaseUrl });
  });
  afterAll(async () => {
    await ingester.close();
    await editor.close();
  });

  /** Ingests one new post with this title on the other instance; returns the alerts stored. */
  const alertsFor = async (title: string): Promise<number> =>
    (await ingester.app.get(IngestionPipeline).process([normalizedItem(dumpPost({ title }))]))
      .alerts;
  const keywordRowsRead = () => rowsRead(ingester, 'alerts', 'keywords');

  it('loads afresh after a cold load failed part-way: a keyword deleted in between is not kept', async () => {
    const { apiKey } = await editor.account('scale');
    const [doomed] = await createKeywords(editor, apiKey, ['omega lantern']);
    const restarted = await createTestApp(kind, {}, { databaseUrl: editor.databaseUrl });
    try {
      const database = restarted.app.get(Database);
      const scan = database.scanRows.bind(database);
      jest.spyOn(database, 'scanRows').mockImplementationOnce(async function* (sql: string) {
        for await (const page of scan(sql)) {
          yield page;
          throw new Error('connection lost');
        }
      });
      const alerts = async (title: string) =>
        (await restarted.app.get(IngestionPipeline).process([normalizedItem(dumpPost({ title }))]))
          .alerts;

      await expect(alerts('the omega lantern glows')).rejects.toThrow('connection lost');
      await deleteKeyword(editor, apiKey, doomed.id);
      expect(await alerts('the omega lantern glows again')).toBe(0);
      // The index holds the live keywords and nothing else (the deleted one would still be
      // verified for every item that mentions it, only for the daily cap to drop its match).
      const [{ live }] = await database.query<{ live: number | string }>(
        database.manager,
        'SELECT COUNT(*) AS live FROM keywords WHERE active = TRUE AND deleted_at IS NULL',
      );
      expect(restarted.app.get(LiveKeywordMatcher).size).toBe(Number(live));
    } finally {
      await restarted.close();
    }
  });

  it('sees keywords created, paused, resumed, deleted and restored elsewhere, reading only changed rows', async () => {
    const { apiKey } = await editor.account('scale');
    const [, rocket] = await createKeywords(editor, apiKey, ['acme widget', 'zeta rocket']);
    const text = 'the acme widget beat the zeta rocket';
    expect(await alertsFor(text)).toBe(2);

    // Batch after batch with nothing changed, no keyword row is read again.
    const loaded = await keywordRowsRead();
    const accountRows = await rowsRead(ingester, 'alerts', 'accounts');
    expect(await alertsFor(text)).toBe(2);
    expect(await alertsFor(text)).toBe(2);
    expect(await keywordRowsRead()).toBe(loaded);
    expect(await rowsRead(ingester, 'alerts', 'accounts')).toBe(accountRows);

    await pauseKeyword(editor, apiKey, rocket.id);
    expect(await alertsFor(text)).toBe(1);
    expect(await keywordRowsRead()).toBe(loaded + 1);

    await editor.http
      .patch(`/api/v1/keywords/${rocket.id}`)
      .set(bearer(apiKey))
      .send({ active: true })
      .expect(200);
    expect(await alertsFor(text)).toBe(2);

    await deleteKeyword(editor, apiKey, rocket.id);
    expect(await alertsFor(text)).toBe(1);

    await createKeyword(editor, apiKey, 'zeta rocket');
    await createKeyword(editor, apiKey, 'beat');
    expect(await alertsFor(text)).toBe(3);
    expect(await keywordRowsRead()).toBe(loaded + 5);
    expect(await alertsFor(text)).toBe(3);
    expect(await keywordRowsRead()).toBe(loaded + 5);
  });

  it("drops a canceled account's keywords and takes them back when it is active again", async () => {
    const { apiKey, accountId } = await editor.account('pro');
    await createKeyword(editor, apiKey, 'quasar lamp');
    expect(await alertsFor('a quasar lamp for sale')).toBe(1);

    const accounts = editor.app.get(AccountsService);
    await accounts.updateAccount(accountId, { status: 'canceled' });
    expect(await alertsFor('a quasar lamp for sale')).toBe(0);

    await accounts.updateAccount(accountId, { status: 'active' });
    expect(await alertsFor('a quasar lamp for sale')).toBe(1);
  });

  it("leaves a canceled account's keywords out of a cold load and takes them in when it is active again", async () => {
    const { apiKey, accountId } = await editor.account('pro');
    await createKeywords(editor, apiKey, ['nebula kettle', 'orbit spoon']);
    const accounts = editor.app.get(AccountsService);
    await accounts.updateAccount(accountId, { status: 'canceled' });
    const restarted = await createTestApp(kind, {}, { databaseUrl: editor.databaseUrl });
    try {
      const alerts = async (title: string) =>
        (await restarted.app.get(IngestionPipeline).process([normalizedItem(dumpPost({ title }))]))
          .alerts;
      expect(await alerts('a nebula kettle and an orbit spoon')).toBe(0);
      const loaded = restarted.app.get(LiveKeywordMatcher).size;

      await accounts.updateAccount(accountId, { status: 'active' });
      expect(await alerts('the nebula kettle and the orbit spoon')).toBe(2);
      expect(restarted.app.get(LiveKeywordMatcher).size).toBe(loaded + 2);

      await accounts.updateAccount(accountId, { status: 'canceled' });
      expect(await alerts('one more nebula kettle')).toBe(0);
      expect(restarted.app.get(LiveKeywordMatcher).size).toBe(loaded);
    } finally {
      await restarted.close();
    }
  });

  it('collects for a search created elsewhere, stops when it is paused, and reads unchanged searches once', async () => {
    const { apiKey } = await editor.account('starter', 'app');
    const inboxSize = async () =>
      ((await editor.http.get('/api/v1/inbox').set(bearer(apiKey)).expect(200)).body.data as [])
        .length;
    const search = (
      await editor.http
        .post('/api/v1/searches')
        .set(bearer(apiKey))
        .send({ name: 'Lamps', keywords: ['nebula lamp'] })
        .expect(201)
    ).body.data as { id: string };

    await alertsFor('my nebula lamp broke');
    expect(await inboxSize()).toBe(1);
    const searchRows = await rowsRead(ingester, 'inbox', 'searches');
    const keywordRows = await rowsRead(ingester, 'inbox', 'search_keywords');
    await alertsFor('another nebula lamp');
    expect(await inboxSize()).toBe(2);
    expect(await rowsRead(ingester, 'inbox', 'searches')).toBe(searchRows);
    expect(await rowsRead(ingester, 'inbox', 'search_keywords')).toBe(keywordRows);

    await editor.http
      .patch(`/api/v1/searches/${search.id}`)
      .set(bearer(apiKey))
      .send({ active: false })
      .expect(200);
    await alertsFor('a third nebula lamp');
    expect(await inboxSize()).toBe(2);
    expect(await rowsRead(ingester, 'inbox', 'searches')).toBe(searchRows + 1);
  });
});
