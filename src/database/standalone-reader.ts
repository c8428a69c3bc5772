import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import { databaseKind, SQLITE_BUSY_TIMEOUT_MS, sqliteFile } from './database-url.js';
import { postgresSessionLimits } from './postgres-session-limits.js';
import type { RowReader } from './row-reader.js';
import { scanPostgres, scanSqlite, type BorrowedClient } from './row-scan.js';

/**
 * A RowReader with connections of its own, on the bare drivers: for a worker thread, which can
 * share neither the application's connections nor TypeORM (whose loading would cost the thread
 * the head start it is there for). It reads committed rows only and never writes.
 */
export interface StandaloneReader extends RowReader {
  close(): Promise<void>;
}

/**
 * Loads only the driver the URL needs: the other one would cost the thread its loading time.
 * `statementTimeoutMs`: PostgreSQL's, as the application's connections have it.
 */
export async function openStandaloneReader(
  databaseUrl: string,
  statementTimeoutMs: number,
): Promise<StandaloneReader> {
  if (databaseKind(databaseUrl) === 'sqlite') {
    const { default: Sqlite } = await import('better-sqlite3');
    return sqliteReader(Sqlite, sqliteFile(databaseUrl));
  }
  const { default: pg } = await import('pg');
  return postgresReader(pg.Pool, databaseUrl, statementTimeoutMs);
}

/**
 * Opened at the first read and again after a failed one: the file may not exist yet when the
 * reader is made, before the application's migrations have created it.
 */
function sqliteReader(Sqlite: typeof BetterSqlite3, file: string): StandaloneReader {
  let connection: BetterSqlite3.Database | undefined;
  const open = () => {
    if (connection === undefined) {
      connection = new Sqlite(file, {
        fileMustExist: true,
        timeout: SQLITE_BUSY_TIMEOUT_MS,
      });
      connection.pragma('query_only = ON');
    }
    return connection;
  };
  return {
    query: <T>(sql: string, parameters: Record<string, unknown> = {}) =>
      Promise.resolve().then(() => open().prepare(sql).all(parameters) as T[]),
    scan: (sql) => scanSqlite(file, SQLITE_BUSY_TIMEOUT_MS, sql),
    close: async () => {
      connection?.close();
    },
  };
}

function postgresReader(
  Pool: typeof pg.Pool,
  url: string,
  statementTimeoutMs: number,
): StandaloneReader {
  const pool = new Pool({
    connectionString: url,
    max: 2,
    ...postgresSessionLimits(statementTimeoutMs),
  });
  // An idle connection the server dropped: the pool replaces it at the next read.
  pool.on('error', () => undefined);
  const borrow = async (): Promise<BorrowedClient> => {
    const client = await pool.connect();
    return [client, (error) => client.release(error)];
  };
  return {
    query: async <T>(sql: string, parameters: Record<string, unknown> = {}) => {
      const { text, values } = positionalParameters(sql, parameters);
      return (await pool.query(text, values)).rows as T[];
    },
    scan: (sql) => scanPostgres(borrow, sql),
    close: () => pool.end(),
  };
}

/** `:name` parameters as PostgreSQL's `$1, $2, …`; a `::type` cast is left alone. */
export function positionalParameters(
  sql: string,
  parameters: Record<string, unknown>,
): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const positions = new Map<string, number>();
  const text = sql.replace(/(?<!:):([A-Za-z_]\w*)/g, (whole, name: string) => {
    if (!Object.hasOwn(parameters, name)) return whole;
    let position = positions.get(name);
    if (position === undefined) {
      position = values.push(parameters[name]);
      positions.set(name, position);
    }
    return `$${position}`;
  });
  return { text, values };
}
