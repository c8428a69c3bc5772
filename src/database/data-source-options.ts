import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type pg from 'pg';
import type { DataSourceOptions } from 'typeorm';
import type { BetterSqlite3DataSourceOptions } from 'typeorm/driver/better-sqlite3/BetterSqlite3DataSourceOptions.js';
import { databaseKind, SQLITE_BUSY_TIMEOUT_MS, sqliteFile } from './database-url.js';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';
import { DEFAULT_STATEMENT_TIMEOUT_MS, postgresSessionLimits } from './postgres-session-limits.js';

/**
 * One place that turns DATABASE_URL into TypeORM options, for the app, the CLI and the TypeORM
 * CLI. `statementTimeoutMs`: DATABASE_STATEMENT_TIMEOUT_MS (PostgreSQL; postgres-session-limits.ts).
 * `postgresClient`: the class the pool opens connections with (DatabaseReachability's), else pg's.
 */
export function buildDataSourceOptions(
  databaseUrl: string,
  statementTimeoutMs = DEFAULT_STATEMENT_TIMEOUT_MS,
  postgresClient?: typeof pg.Client,
): DataSourceOptions {
  const common = {
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTransactionMode: 'each' as const,
    synchronize: false,
    logging: false,
  };
  if (databaseKind(databaseUrl) === 'sqlite') {
    const database = sqliteFile(databaseUrl);
    if (database !== ':memory:') mkdirSync(dirname(database), { recursive: true });
    return {
      ...common,
      type: 'better-sqlite3',
      database,
      enableWAL: true,
      timeout: SQLITE_BUSY_TIMEOUT_MS,
      prepareDatabase: (db: { pragma(source: string): unknown }) => {
        db.pragma('synchronous = NORMAL');
        db.pragma('foreign_keys = ON');
      },
    };
  }
  return {
    ...common,
    type: 'postgres',
    url: databaseUrl,
    extra: {
      max: 20,
      ...postgresSessionLimits(statementTimeoutMs),
      ...(postgresClient === undefined ? {} : { Client: postgresClient }),
    },
  };
}

/**
 * SQLite: a second connection to the same file for reads outside transactions. In WAL mode it
 * sees committed rows only, never what the writing connection's open transaction has done so
 * far, and query_only makes any write on it fail instead of slipping past the write serialiser.
 */
export function sqliteReadOptions(writing: BetterSqlite3DataSourceOptions): DataSourceOptions {
  return {
    ...writing,
    migrations: [],
    enableWAL: false,
    prepareDatabase: (db: { pragma(source: string): unknown }) => {
      db.pragma('query_only = ON');
    },
  };
}
