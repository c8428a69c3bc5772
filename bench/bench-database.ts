import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** Where a benchmark stores its data, and how it lets go of it. */
export interface BenchDatabase {
  url: string;
  label: string;
  /**
   * What autovacuum would have done by now, done here when the server runs without it (a test
   * machine's PostgreSQL may): VACUUM (ANALYZE) of the whole database. Without it, every update
   * leaves its dead row behind for good, and a later phase of a benchmark drains a more bloated
   * database than an earlier one. Resolves to whether it vacuumed.
   */
  standInForAutovacuum(): Promise<boolean>;
  drop(): Promise<void>;
}

/**
 * `given` (DATABASE_URL by default) unset: a temporary SQLite file. sqlite:…: that file, kept.
 * postgres://…: a throwaway database `<name>_<pid>` created next to the one named (CREATE
 * DATABASE), dropped by drop().
 */
export async function openBenchDatabase(
  name: string,
  given = process.env.DATABASE_URL,
): Promise<BenchDatabase> {
  if (given === undefined || given === '') {
    const dir = mkdtempSync(join(tmpdir(), `${name}-`));
    return {
      url: `sqlite:${join(dir, 'bench.sqlite')}`,
      label: 'SQLite (temporary file)',
      standInForAutovacuum: async () => false,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  if (given.startsWith('sqlite:')) {
    return {
      url: given,
      label: 'SQLite',
      standInForAutovacuum: async () => false,
      drop: async () => {},
    };
  }
  const database = `${name}_${process.pid}`;
  const run = async (connectionString: string, sql: string) => {
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      return (await client.query<Record<string, string>>(sql)).rows;
    } finally {
      await client.end();
    }
  };
  await run(given, `CREATE DATABASE ${database}`);
  const url = new URL(given);
  url.pathname = `/${database}`;
  const [{ autovacuum }] = await run(given, 'SHOW autovacuum');
  return {
    url: url.toString(),
    label: 'PostgreSQL',
    standInForAutovacuum: async () => {
      if (autovacuum === 'on') return false;
      await run(url.toString(), 'VACUUM (ANALYZE)');
      return true;
    },
    drop: () => run(given, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).then(() => {}),
  };
}
