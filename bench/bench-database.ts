import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** Where a benchmark stores its data, and how it lets go of it. */
export interface BenchDatabase {
  url: string;
  label: string;
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
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  if (given.startsWith('sqlite:')) return { url: given, label: 'SQLite', drop: async () => {} };
  const database = `${name}_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: given });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${database}`);
  const url = new URL(given);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    label: 'PostgreSQL',
    drop: () => admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`),
  };
}
