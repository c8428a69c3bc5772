import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { BACKFILL_PAGE } from '../../src/modules/backfill/keyword-backfiller.js';
import { buildDataSourceOptions } from '../../src/database/data-source-options.js';
import { freePort } from '../utils/ports.js';
import { startUntil, waitFor } from '../utils/processes.js';
import { parseJsonLine, runAdmin } from '../utils/run-admin.js';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../utils/test-databases.js';

const PAGES = 10;
/** One item in 100 matches: 5 in each page. */
const MATCH_EVERY = 100;

/**
 * kill -9 in the middle of a backfill (issue #34): the real server process, its database kept,
 * started again; the backfill resumes, and every match alerts once.
 */
describe.each(testDatabaseKinds())('a backfill across a kill -9 on %s', (kind) => {
  let database: TestDatabase;
  let reader: DataSource;
  const servers: ChildProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    reader = new DataSource(buildDataSourceOptions(database.url));
    await reader.initialize();
  });
  afterAll(async () => {
    for (const server of servers) {
      if (server.exitCode === null && server.signalCode === null) {
        server.kill('SIGKILL');
        await once(server, 'exit');
      }
    }
    await reader.destroy();
    await database.drop();
  });

  const count = async (sql: string): Promise<number> => {
    const [row] = (await reader.query(sql)) as { n: number | string }[];
    return Number(row.n);
  };

  it('resumes where it stopped and alerts on every match once', async () => {
    const env = { DATABASE_URL: database.url, PORT: String(await freePort()), LOG_LEVEL: 'info' };
    const base = `http://127.0.0.1:${env.PORT}`;
    const start = async () => {
      const server = startUntil(process.execPath, ['dist/src/main.js'], env, /"msg":"listening"/);
      servers.push(server.child);
      await server.started;
      return server.child;
    };
    const first = await start();

    const items = join(mkdtempSync(join(tmpdir(), 'backfill-crash-')), 'items.ndjson');
    const now = Math.floor(Date.now() / 1000);
    const total = BACKFILL_PAGE * PAGES;
    const lines: string[] = [];
    for (let n = 0; n < total; n++) {
      lines.push(
        JSON.stringify({
          id: `bf${n.toString(36)}`,
          title: n % MATCH_EVERY === 0 ? `gadget ${n}` : `gadget junk ${n}`,
          selftext: '',
          subreddit: 'testing',
          author: 'tester',
          score: 1,
          num_comments: 0,
          created_utc: now,
          permalink: `/r/testing/comments/bf${n.toString(36)}/`,
        }),
      );
    }
    writeFileSync(items, lines.join('\n'));
    await runAdmin(['ingest', items], env);
    const matches = total / MATCH_EVERY;

    const account = await runAdmin(['create-account', '--plan', 'starter'], env);
    const { api_key: key } = parseJsonLine(account.stdout) as { api_key: string };
    const created = await fetch(`${base}/api/v1/keywords`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: 'gadget', query: 'gadget -junk', backfill_hours: 1 }),
    });
    expect(created.status).toBe(201);

    // Killed as soon as the backfill has stored its first page's alerts.
    await waitFor(
      async () => (await count('SELECT COUNT(*) AS n FROM alerts')) > 0,
      30_000,
      'the first backfilled alerts',
    );
    first.kill('SIGKILL');
    await once(first, 'exit');
    const atKill = await count('SELECT COUNT(*) AS n FROM alerts');
    expect(atKill).toBeLessThan(matches);
    expect(await count('SELECT COUNT(*) AS n FROM keyword_backfills')).toBe(1);

    await start();
    await waitFor(
      async () => (await count('SELECT COUNT(*) AS n FROM keyword_backfills')) === 0,
      30_000,
      'the backfill to finish',
    );
    // Long enough for anything made twice to show up.
    await sleep(1_000);
    expect(await count('SELECT COUNT(*) AS n FROM alerts')).toBe(matches);
    expect(await count('SELECT COUNT(DISTINCT reddit_id) AS n FROM alerts')).toBe(matches);
  }, 90_000);
});
