import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../../src/database/data-source-options.js';
import { Database } from '../../src/database/database.js';
import {
  postgresUrl,
  TEMPLATE_ENV,
  testDatabaseKinds,
  withAdminClient,
  type TestDatabaseKind,
} from './test-databases.js';

export interface TemplateDatabases {
  /** The variables that tell the test workers where the templates are. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** Migrates a database the way the app does at boot, then lets go of it. */
async function migrate(databaseUrl: string): Promise<void> {
  const dataSource = await new DataSource(buildDataSourceOptions(databaseUrl)).initialize();
  try {
    await new Database(dataSource).migrate();
    // Every page into the main file, so a copy of that file alone is the whole database.
    if (dataSource.options.type === 'better-sqlite3') {
      await dataSource.query('PRAGMA wal_checkpoint(TRUNCATE)');
    }
  } finally {
    await dataSource.destroy();
  }
}

async function sqliteTemplate(runId: string): Promise<{ template: string; drop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), `alerts-template-${runId}-`));
  const path = join(dir, 'template.sqlite');
  await migrate(`sqlite:${path}`);
  return { template: path, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * CREATE DATABASE … TEMPLATE refuses a template anyone is connected to, so once migrated it
 * takes no connections at all.
 */
async function postgresTemplate(
  runId: string,
): Promise<{ template: string; drop(): Promise<void> }> {
  const name = `alerts_template_${runId}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE ${name}`));
  await migrate(postgresUrl(name));
  await withAdminClient((client) =>
    client.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`),
  );
  return {
    template: name,
    drop: () =>
      withAdminClient(async (client) => {
        await client.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE false`);
        await client.query(`DROP DATABASE ${name}`);
      }),
  };
}

/** One migrated template per database kind for this Jest run, named after the run. */
export async function createTemplateDatabases(): Promise<TemplateDatabases> {
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  const makers: Record<TestDatabaseKind, typeof sqliteTemplate> = {
    sqlite: sqliteTemplate,
    postgres: postgresTemplate,
  };
  const kinds = testDatabaseKinds();
  const made = await Promise.allSettled(kinds.map((kind) => makers[kind](runId)));
  const dropAll = async () => {
    for (const result of made) if (result.status === 'fulfilled') await result.value.drop();
  };
  const failed = made.find((result) => result.status === 'rejected');
  if (failed !== undefined) {
    await dropAll();
    throw failed.reason;
  }
  const env: Record<string, string> = {};
  made.forEach((result, index) => {
    if (result.status === 'fulfilled') env[TEMPLATE_ENV[kinds[index]]] = result.value.template;
  });
  return { env, drop: dropAll };
}
