import { readdirSync, readlinkSync } from 'node:fs';
import { testDatabaseKinds } from '../../test/utils/test-databases.js';
import { openTestStorage, type OpenTestStorage } from '../../test/utils/test-storage.js';

const ROWS = 12_001;
const PAGE = 5_000;

describe.each(testDatabaseKinds())('Database.scanRows on %s', (kind) => {
  let storage: OpenTestStorage;

  beforeEach(async () => {
    storage = await openTestStorage(kind);
    await storage.database.transaction(async (manager) => {
      await manager.query('CREATE TABLE scan_probe (n INTEGER NOT NULL, label TEXT NOT NULL)');
      await insertProbes(manager, 1, ROWS);
    });
  });
  afterEach(() => storage.close());

  const insertProbes = (
    manager: Parameters<Parameters<OpenTestStorage['database']['transaction']>[0]>[0],
    from: number,
    to: number,
  ) =>
    manager.query(
      `WITH RECURSIVE seq(n) AS (SELECT ${from} UNION ALL SELECT n + 1 FROM seq WHERE n < ${to})
       INSERT INTO scan_probe (n, label) SELECT n, 'row ' || n FROM seq`,
    );
  const scan = () => storage.database.scanRows('SELECT n, label FROM scan_probe');

  it('hands every row over a page at a time, each as its values in select order', async () => {
    const pageSizes: number[] = [];
    const seen = new Set<number>();
    for await (const page of scan()) {
      pageSizes.push(page.length);
      for (const [n, label] of page) {
        expect(label).toBe(`row ${n}`);
        seen.add(Number(n));
      }
    }
    expect(pageSizes).toEqual([PAGE, PAGE, ROWS - 2 * PAGE]);
    expect(seen.size).toBe(ROWS);
  });

  it('reads one snapshot, and leaves every other read and write free between pages', async () => {
    let total = 0;
    for await (const page of scan()) {
      total += page.length;
      if (total === page.length) {
        await storage.database.transaction((manager) => insertProbes(manager, ROWS + 1, ROWS + 10));
        const [{ count }] = await storage.database.query<{ count: number | string }>(
          storage.database.manager,
          'SELECT COUNT(*) AS count FROM scan_probe',
        );
        expect(Number(count)).toBe(ROWS + 10);
      }
    }
    expect(total).toBe(ROWS);
  });

  /** SQLite: how many files this process holds open on the database (one per connection). */
  const openDatabaseFiles = () => {
    const file = storage.database.dataSource.options.database as string;
    return readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`) === file;
      } catch {
        return false; // closed meanwhile
      }
    }).length;
  };

  it('gives its connection back, transaction closed, when the reader stops early', async () => {
    const filesBefore = kind === 'sqlite' ? openDatabaseFiles() : 0;
    // More early stops than PostgreSQL's pool has connections: a kept connection would hang here.
    for (let stop = 0; stop < 25; stop++) {
      for await (const page of scan()) {
        expect(page).toHaveLength(PAGE);
        break;
      }
    }
    if (kind === 'postgres') {
      const open = await storage.database.query<{ count: number | string }>(
        storage.database.manager,
        `SELECT COUNT(*) AS count FROM pg_stat_activity
          WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
      );
      expect(Number(open[0].count)).toBe(0);
    } else {
      // A reader still holding its snapshot would keep the write-ahead log from being emptied.
      const [checkpoint] = (await storage.database.dataSource.query(
        'PRAGMA wal_checkpoint(TRUNCATE)',
      )) as { busy: number }[];
      expect(checkpoint.busy).toBe(0);
      // SQLite defers closing a file another connection of the process holds locks on, so one
      // closed connection's file may still be open; a connection per scan left open is not.
      expect(openDatabaseFiles()).toBeLessThanOrEqual(filesBefore + 1);
    }
  });
});
