import BetterSqlite3 from 'better-sqlite3';
import { createEmptyTestDatabase, testDatabaseKinds } from '../../test/utils/test-databases.js';
import { openTestStorage, type OpenTestStorage } from '../../test/utils/test-storage.js';
import { sqliteFile } from './database-url.js';
import { DEFAULT_STATEMENT_TIMEOUT_MS } from './postgres-session-limits.js';
import {
  openStandaloneReader,
  positionalParameters,
  type StandaloneReader,
} from './standalone-reader.js';

describe('positionalParameters', () => {
  it('numbers each :name once, in order of first use, and leaves casts and unknown names alone', () => {
    expect(
      positionalParameters(
        'SELECT :b::text, x FROM t WHERE (a, b) > (:a, :b) AND c = :c AND d = :unknown',
        { a: 1, b: 'two', c: null },
      ),
    ).toEqual({
      text: 'SELECT $1::text, x FROM t WHERE (a, b) > ($2, $1) AND c = $3 AND d = :unknown',
      values: ['two', 1, null],
    });
  });
});

describe.each(testDatabaseKinds())('a standalone reader on %s', (kind) => {
  let storage: OpenTestStorage;
  let reader: StandaloneReader;

  beforeEach(async () => {
    storage = await openTestStorage(kind);
    await storage.database.transaction(async (manager) => {
      await manager.query('CREATE TABLE reader_probe (n INTEGER NOT NULL, label TEXT NOT NULL)');
      await manager.query(
        "INSERT INTO reader_probe (n, label) VALUES (1, 'one'), (2, 'two'), (3, 'three')",
      );
    });
    reader = await openStandaloneReader(storage.databaseUrl, DEFAULT_STATEMENT_TIMEOUT_MS);
  });
  afterEach(async () => {
    await reader.close();
    await storage.close();
  });

  it('answers queries with :named parameters as rows, as Database.query does', async () => {
    const sql = 'SELECT n, label FROM reader_probe WHERE n > :above AND label <> :not ORDER BY n';
    const expected = await storage.database.query(storage.database.manager, sql, {
      above: 1,
      not: 'three',
    });
    const rows = await reader.query(sql, { above: 1, not: 'three' });
    expect(rows).toEqual(expected);
    expect(rows.map((row) => Number((row as { n: unknown }).n))).toEqual([2]);
  });

  it('scans every row as its values, and sees what was committed after it opened', async () => {
    await storage.database.transaction((manager) =>
      manager.query("INSERT INTO reader_probe (n, label) VALUES (4, 'four')"),
    );
    const values: unknown[][] = [];
    for await (const page of reader.scan('SELECT n, label FROM reader_probe')) values.push(...page);
    expect(values.map(([n, label]) => [Number(n), label]).sort()).toEqual([
      [1, 'one'],
      [2, 'two'],
      [3, 'three'],
      [4, 'four'],
    ]);
  });
});

describe('a standalone SQLite reader made before its database file exists', () => {
  it('fails to read until the file is there, then reads it', async () => {
    const empty = await createEmptyTestDatabase('sqlite');
    const reader = await openStandaloneReader(empty.url, DEFAULT_STATEMENT_TIMEOUT_MS);
    try {
      await expect(reader.query('SELECT 1 AS one')).rejects.toMatchObject({
        code: 'SQLITE_CANTOPEN',
      });
      new BetterSqlite3(sqliteFile(empty.url)).close();
      await expect(reader.query('SELECT 1 AS one')).resolves.toEqual([{ one: 1 }]);
    } finally {
      await reader.close();
      await empty.drop();
    }
  });
});
