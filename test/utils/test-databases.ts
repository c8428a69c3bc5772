import { constants, copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export type TestDatabaseKind = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (.ci/run sets it). */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * Where test/global-setup.ts left this run's migrated templates: a SQLite file and a PostgreSQL
 * database, read by every Jest worker.
 */
export const TEMPLATE_ENV = {
  sqlite: 'ALERTS_TEST_TEMPLATE_SQLITE',
  postgres: 'ALERTS_TEST_TEMPLATE_POSTGRES',
} as const;

export async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The URL of a database on the TEST_DATABASE_URL server. */
export function postgresUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

function templateOf(kind: TestDatabaseKind): string {
  const template = process.env[TEMPLATE_ENV[kind]];
  if (template === undefined) {
    throw new Error(
      `no migrated ${kind} template: tests run through Jest, whose globalSetup (test/global-setup.ts) makes it`,
    );
  }
  return template;
}

/**
 * A fresh database per test app, already migrated: a copy of this run's template (a SQLite
 * file, or a PostgreSQL database made with CREATE DATABASE … TEMPLATE), migrations table
 * included, so the app finds nothing to migrate at boot.
 */
export function createTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  return newDatabase(kind, templateOf(kind));
}

/** A fresh database with no tables at all, for the tests of the migrations themselves. */
export function createEmptyTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  return newDatabase(kind, null);
}

async function newDatabase(kind: TestDatabaseKind, template: string | null): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'alerts-test-'));
    const path = join(dir, 'alerts.sqlite');
    // The template was checkpointed before it was closed: its one file holds every page.
    if (template !== null) copyFileSync(template, path, constants.COPYFILE_FICLONE);
    return {
      url: `sqlite:${path}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `alerts_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await withAdminClient((client) =>
    client.query(`CREATE DATABASE ${name}${template === null ? '' : ` TEMPLATE ${template}`}`),
  );
  return {
    url: postgresUrl(name),
    drop: () =>
      withAdminClient((client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      ).then(() => undefined),
  };
}
