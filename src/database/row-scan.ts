import BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';

/** Rows handed over at a time: memory stays flat however many there are. */
const PAGE_SIZE = 5_000;
const CURSOR = 'row_scan';

/** A row as an array of its column values, in the order the query selects them. */
export type RowValues = unknown[];

/**
 * Every row a query returns, in one pass over one snapshot, a page at a time, each row an array of
 * values: for reading a whole table cheaply (a cold index load), never inside a transaction, as it
 * reads on a connection of its own (PostgreSQL: a cursor, the next page fetched meanwhile; SQLite:
 * a second, read-only connection, so the shared one is never left busy between pages).
 */
export function scanRows(reads: DataSource, sql: string): AsyncGenerator<RowValues[]> {
  const { options } = reads;
  if (options.type === 'postgres') {
    const driver = reads.driver as PostgresDriver;
    return scanPostgres(() => driver.obtainMasterConnection() as Promise<BorrowedClient>, sql);
  }
  if (options.type === 'better-sqlite3') return scanSqlite(options.database, options.timeout, sql);
  throw new Error(`scanRows: no scan for ${options.type}`);
}

/** A pooled PostgreSQL connection and how to give it back (with the error that broke it, if any). */
export type BorrowedClient = [client: pg.PoolClient, release: (error?: Error) => void];

export async function* scanPostgres(
  borrow: () => Promise<BorrowedClient>,
  sql: string,
): AsyncGenerator<RowValues[]> {
  const [client, release] = await borrow();
  const fetchPage = async (): Promise<RowValues[]> => {
    const result = await client.query<RowValues>({
      text: `FETCH ${PAGE_SIZE} FROM ${CURSOR}`,
      rowMode: 'array',
    });
    return result.rows;
  };
  let committed = false;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query(`DECLARE ${CURSOR} NO SCROLL CURSOR FOR ${sql}`);
    let page = await fetchPage();
    while (page.length > 0) {
      const next = page.length < PAGE_SIZE ? null : fetchPage();
      // Left unawaited when the reader stops early; the rollback below then follows it.
      next?.catch(() => undefined);
      yield page;
      if (next === null) break;
      page = await next;
    }
    await client.query('COMMIT');
    committed = true;
  } finally {
    // A reader that stopped early or failed leaves the transaction open; a connection that
    // cannot even roll back is broken, and the pool drops it instead of lending it again.
    const broken = committed
      ? undefined
      : await client.query('ROLLBACK').then(
          () => undefined,
          (error: Error) => error,
        );
    release(broken);
  }
}

export async function* scanSqlite(
  file: string,
  timeout: number | undefined,
  sql: string,
): AsyncGenerator<RowValues[]> {
  const connection = new BetterSqlite3(file, { fileMustExist: true, timeout });
  try {
    connection.pragma('query_only = ON');
    const rows = connection.prepare(sql).raw().iterate() as IterableIterator<RowValues>;
    let page: RowValues[] = [];
    for (const row of rows) {
      page.push(row);
      if (page.length === PAGE_SIZE) {
        yield page;
        page = [];
      }
    }
    if (page.length > 0) yield page;
  } finally {
    connection.close();
  }
}
