import { Mutex } from 'async-mutex';
import type { DataSource, EntityManager } from 'typeorm';
import type { DatabaseKind } from './data-source-options.js';

const MIGRATION_LOCK_KEY = 7_342_001;
const TRANSACTION_ATTEMPTS = 3;
/** PostgreSQL deadlock_detected and serialization_failure: the transaction rolled back and may run again. */
const RETRYABLE_SQLSTATES = new Set(['40P01', '40001']);

function isRetryableConflict(error: unknown): boolean {
  const code =
    (error as { code?: unknown; driverError?: { code?: unknown } })?.driverError?.code ??
    (error as { code?: unknown })?.code;
  return typeof code === 'string' && RETRYABLE_SQLSTATES.has(code);
}

/** TypeORM answers PostgreSQL's UPDATE/DELETE … RETURNING as [rows, affected]; SQLite as rows. */
function returnedRows(result: unknown): unknown {
  if (!Array.isArray(result) || result.length !== 2) return result;
  const [rows, affected] = result as unknown[];
  return Array.isArray(rows) && typeof affected === 'number' ? rows : result;
}

/**
 * Transactions and dialect facts in one place. SQLite has a single connection shared by every
 * caller, so its transactions are serialised here; PostgreSQL runs them concurrently.
 */
export class Database {
  readonly kind: DatabaseKind;
  private readonly sqliteWriteLock = new Mutex();

  constructor(readonly dataSource: DataSource) {
    this.kind = dataSource.options.type === 'postgres' ? 'postgres' : 'sqlite';
  }

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  async transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.kind === 'sqlite') {
      return this.sqliteWriteLock.runExclusive(() => this.dataSource.transaction(work));
    }
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.dataSource.transaction(work);
      } catch (error) {
        if (attempt >= TRANSACTION_ATTEMPTS || !isRetryableConflict(error)) throw error;
      }
    }
  }

  /** The VALUES list of a multi-row insert, "(:r0c0, :r0c1), (:r1c0, …)", with its parameters. */
  static valuesClause(rows: readonly (readonly unknown[])[]): {
    sql: string;
    parameters: Record<string, unknown>;
  } {
    const parameters: Record<string, unknown> = {};
    const tuples = rows.map((row, r) => {
      const names = row.map((value, c) => {
        parameters[`r${r}c${c}`] = value;
        return `:r${r}c${c}`;
      });
      return `(${names.join(', ')})`;
    });
    return { sql: tuples.join(', '), parameters };
  }

  /** The list of an IN (…) condition, ":i0, :i1, …", with its parameters. */
  static inList(values: readonly unknown[]): { sql: string; parameters: Record<string, unknown> } {
    const parameters: Record<string, unknown> = {};
    const names = values.map((value, index) => {
      parameters[`i${index}`] = value;
      return `:i${index}`;
    });
    return { sql: names.join(', '), parameters };
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

  /** Deletes rows older than the cutoff, a batch per transaction so no lock is held for long. */
  async deleteInBatches(
    table: string,
    keyColumn: string,
    timeColumn: string,
    cutoff: number,
    batchSize: number,
  ): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await this.transaction((manager) =>
        this.query(
          manager,
          `DELETE FROM ${table} WHERE ${keyColumn} IN
             (SELECT ${keyColumn} FROM ${table} WHERE ${timeColumn} < :cutoff LIMIT :batchSize)
           RETURNING ${keyColumn}`,
          { cutoff, batchSize },
        ),
      );
      total += deleted.length;
      if (deleted.length < batchSize) return total;
    }
  }

  /** PostgreSQL: serialises concurrent writers on one account (keyword limit checks). */
  async lockAccount(manager: EntityManager, accountId: string): Promise<void> {
    if (this.kind === 'postgres') {
      await manager.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
    }
  }

  /** Applies pending migrations; on PostgreSQL one instance at a time under an advisory lock. */
  async migrate(): Promise<void> {
    if (this.kind === 'sqlite') {
      await this.dataSource.runMigrations();
      return;
    }
    const runner = this.dataSource.createQueryRunner();
    try {
      await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await this.dataSource.runMigrations();
    } finally {
      await runner
        .query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
        .catch(() => undefined);
      await runner.release();
    }
  }
}
