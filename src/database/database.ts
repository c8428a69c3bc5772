import type { OnApplicationShutdown } from '@nestjs/common';
import { Mutex } from 'async-mutex';
import { DataSource, MigrationExecutor, type EntityManager } from 'typeorm';
import { sqliteReadOptions } from './data-source-options.js';
import { isConnectionFailure } from './database-unreachable.js';
import type { DatabaseKind } from './database-url.js';
import type { ReadQuery, RowReader } from './row-reader.js';
import { scanRows, type RowValues } from './row-scan.js';

const MIGRATION_LOCK_KEY = 7_342_001;
const TRANSACTION_ATTEMPTS = 3;
/** PostgreSQL deadlock_detected and serialization_failure: the transaction rolled back and may run again. */
const RETRYABLE_SQLSTATES = new Set(['40P01', '40001']);
/**
 * SQLite: the first statement of every transaction takes the write lock (what BEGIN IMMEDIATE
 * does; TypeORM issues a plain BEGIN). A transaction that read first and then wrote would fail at
 * once with "database is locked" when another process (`admin ingest`) wrote in between; taking
 * the lock first makes it wait its turn, up to the busy timeout.
 */
const SQLITE_TAKE_WRITE_LOCK = 'DELETE FROM migrations WHERE 0';

/**
 * PostgreSQL SQLSTATE classes that speak of the server, not of a row: connection exception,
 * transaction rollback (a conflict that outlived its retries), insufficient resources (disk
 * full), operator intervention, system error, internal error.
 */
const FAILING_DATABASE_SQLSTATE_CLASSES = new Set(['08', '40', '53', '57', '58', 'XX']);
/** SQLite result codes of the same kind (extended codes start with these names). */
const FAILING_DATABASE_SQLITE_CODES =
  /^SQLITE_(FULL|IOERR|BUSY|LOCKED|READONLY|CANTOPEN|CORRUPT|NOMEM|NOTADB|PROTOCOL)/;

function errorCode(error: unknown): string | undefined {
  const code =
    (error as { code?: unknown; driverError?: { code?: unknown } })?.driverError?.code ??
    (error as { code?: unknown })?.code;
  return typeof code === 'string' ? code : undefined;
}

function isRetryableConflict(error: unknown): boolean {
  const code = errorCode(error);
  return code !== undefined && RETRYABLE_SQLSTATES.has(code);
}

/** The error says the database itself is failing (down, full, read-only, contended), whatever was written. */
export function isFailingDatabaseError(error: unknown): boolean {
  if (isConnectionFailure(error)) return true;
  const code = errorCode(error);
  if (code === undefined) return false;
  return (
    FAILING_DATABASE_SQLSTATE_CLASSES.has(code.slice(0, 2)) ||
    FAILING_DATABASE_SQLITE_CODES.test(code)
  );
}

/** TypeORM answers PostgreSQL's UPDATE/DELETE … RETURNING as [rows, affected]; SQLite as rows. */
function returnedRows(result: unknown): unknown {
  if (!Array.isArray(result) || result.length !== 2) return result;
  const [rows, affected] = result as unknown[];
  return Array.isArray(rows) && typeof affected === 'number' ? rows : result;
}

/**
 * Transactions and dialect facts in one place. Every write goes through `transaction()`.
 * SQLite has a single writing connection shared by every caller, so its transactions are
 * serialised here, and reads outside a transaction (`manager`) use a second, read-only connection
 * that sees committed rows only; PostgreSQL runs transactions concurrently from its pool.
 */
export class Database implements OnApplicationShutdown {
  readonly kind: DatabaseKind;
  private readonly sqliteWriteLock = new Mutex();

  /**
   * `reads`: where `manager` reads; the writing data source itself on PostgreSQL.
   * `migrationsApplied`: how many migrations `open` applied, so what a reader saw before may
   * have changed since.
   */
  constructor(
    readonly dataSource: DataSource,
    private readonly reads: DataSource = dataSource,
    readonly migrationsApplied = 0,
  ) {
    this.kind = dataSource.options.type === 'postgres' ? 'postgres' : 'sqlite';
  }

  static async open(dataSource: DataSource): Promise<Database> {
    const migrationsApplied = await new Database(dataSource).migrate();
    if (dataSource.options.type !== 'better-sqlite3') {
      return new Database(dataSource, dataSource, migrationsApplied);
    }
    const reads = new DataSource(sqliteReadOptions(dataSource.options));
    return new Database(dataSource, await reads.initialize(), migrationsApplied);
  }

  /**
   * For reads outside a transaction: committed rows only. On SQLite it cannot write at all (a
   * write there fails); a write outside `transaction()` would otherwise join whichever
   * transaction is open on the shared connection and vanish if that one rolls back.
   */
  get manager(): EntityManager {
    return this.reads.manager;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.reads !== this.dataSource && this.reads.isInitialized) await this.reads.destroy();
  }

  async transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.kind === 'sqlite') {
      return this.sqliteWriteLock.runExclusive(() =>
        this.dataSource.transaction(async (manager) => {
          await manager.query(SQLITE_TAKE_WRITE_LOCK);
          return work(manager);
        }),
      );
    }
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.dataSource.transaction(work);
      } catch (error) {
        if (attempt >= TRANSACTION_ATTEMPTS || !isRetryableConflict(error)) throw error;
      }
    }
  }

  async ping(): Promise<void> {
    await this.reads.query('SELECT 1');
  }

  /** Runs a query with :named parameters on either dialect. */
  async query<T = Record<string, unknown>>(
    manager: EntityManager,
    sql: string,
    parameters: Record<string, unknown> = {},
  ): Promise<T[]> {
    const [query, values] = this.dataSource.driver.escapeQueryWithParameters(sql, parameters);
    const result: unknown = await manager.query(query, values);
    return returnedRows(result) as T[];
  }

  /** `query` bound to a manager: the caller's transaction, or `manager` outside one. */
  readQuery(manager: EntityManager): ReadQuery {
    return (sql, parameters) => this.query(manager, sql, parameters);
  }

  /** Reads outside a transaction: committed rows only, as `manager` and `scanRows` read them. */
  get reader(): RowReader {
    return { query: this.readQuery(this.manager), scan: (sql) => this.scanRows(sql) };
  }

  /**
   * Every row of a read-only query in one pass over one snapshot, a page at a time, each row as
   * an array of its values (row-scan.ts): for reading a whole table cheaply, never in a transaction.
   */
  scanRows(sql: string): AsyncGenerator<RowValues[]> {
    return scanRows(this.reads, sql);
  }

  /**
   * Deletes rows older than the cutoff, a batch per transaction so no lock is held for long.
   * `key`: the column, or the columns, that identify a row.
   */
  async deleteInBatches(
    table: string,
    key: string | readonly string[],
    timeColumn: string,
    cutoff: number | string,
    batchSize: number,
  ): Promise<number> {
    const columns = typeof key === 'string' ? key : key.join(', ');
    const keyOf = typeof key === 'string' ? key : `(${columns})`;
    let total = 0;
    for (;;) {
      const deleted = await this.transaction((manager) =>
        this.query(
          manager,
          `DELETE FROM ${table} WHERE ${keyOf} IN
             (SELECT ${columns} FROM ${table} WHERE ${timeColumn} < :cutoff LIMIT :batchSize)
           RETURNING ${typeof key === 'string' ? key : key[0]}`,
          { cutoff, batchSize },
        ),
      );
      total += deleted.length;
      if (deleted.length < batchSize) return total;
    }
  }

  /**
   * For a find in a transaction that reads the row it then changes: PostgreSQL locks it (FOR
   * UPDATE) until the transaction ends; SQLite's single writer already serialises.
   */
  get rowWriteLock(): { mode: 'pessimistic_write' } | undefined {
    return this.kind === 'postgres' ? { mode: 'pessimistic_write' } : undefined;
  }

  /**
   * SQLite: rebuilds the database file (VACUUM) and empties the WAL into it, so no free space
   * keeps what was overwritten or deleted; false when a reader in another process kept the WAL
   * from being emptied. Nothing to do on PostgreSQL.
   */
  async rewriteSqliteFile(): Promise<boolean> {
    if (this.kind !== 'sqlite') return true;
    return this.sqliteWriteLock.runExclusive(async () => {
      await this.dataSource.query('VACUUM');
      const [checkpoint] = (await this.dataSource.query('PRAGMA wal_checkpoint(TRUNCATE)')) as {
        busy: number;
      }[];
      return checkpoint.busy === 0;
    });
  }

  /** PostgreSQL: serialises concurrent writers on one account (keyword limit checks). */
  async lockAccount(manager: EntityManager, accountId: string): Promise<void> {
    if (this.kind === 'postgres') {
      await manager.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
    }
  }

  /**
   * Applies pending migrations, on PostgreSQL one instance at a time under an advisory lock;
   * answers how many it applied. They run on that lock's session without the statement timeout:
   * a migration may rewrite a large table, and the lock may wait for another instance's.
   */
  async migrate(): Promise<number> {
    if (this.kind === 'sqlite') return (await this.dataSource.runMigrations()).length;
    const runner = this.dataSource.createQueryRunner();
    try {
      await runner.query('SET statement_timeout = 0');
      await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      const migrations = new MigrationExecutor(this.dataSource, runner);
      migrations.transaction = this.dataSource.options.migrationsTransactionMode ?? 'all';
      return (await migrations.executePendingMigrations()).length;
    } finally {
      await runner
        .query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
        .catch(() => undefined);
      // The connection goes back to the pool with the timeout it opened with.
      await runner.query('RESET statement_timeout').catch(() => undefined);
      await runner.release();
    }
  }
}
