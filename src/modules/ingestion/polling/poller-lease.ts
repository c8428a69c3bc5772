import type { DataSource, QueryRunner } from 'typeorm';
import type { LoopLease } from '../../../common/background/background-loop.js';

/** Who may poll Reddit: one instance per database at a time. */
export abstract class PollerLease implements LoopLease {
  /** True while this instance holds the lease; takes it when it is free. */
  abstract acquire(): Promise<boolean>;
  abstract release(): Promise<void>;
}

/** SQLite: one process owns the database file, so it always polls. */
export class SingleProcessLease extends PollerLease {
  acquire(): Promise<boolean> {
    return Promise.resolve(true);
  }

  release(): Promise<void> {
    return Promise.resolve();
  }
}

/** Distinct from the migration lock (7_342_001) in database.ts. */
export const POLLER_LOCK_KEY = 7_342_002;

/**
 * A session-level pg_try_advisory_lock on a connection kept for the lease's lifetime. When that
 * connection dies, PostgreSQL ends the session and frees the lock, so another instance takes over.
 */
export class PostgresAdvisoryLease extends PollerLease {
  private runner: QueryRunner | null = null;
  private held = false;

  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async acquire(): Promise<boolean> {
    try {
      return await this.tryLock();
    } catch {
      // The old session is gone, and the lock with it: try again on a fresh connection.
      await this.forget();
      return this.tryLock();
    }
  }

  async release(): Promise<void> {
    if (this.runner === null) return;
    if (this.held) {
      await this.runner
        .query('SELECT pg_advisory_unlock($1)', [POLLER_LOCK_KEY])
        .catch(() => undefined);
    }
    await this.forget();
  }

  private async tryLock(): Promise<boolean> {
    this.runner ??= this.dataSource.createQueryRunner();
    if (this.held) {
      // The lock lives as long as the session: a live connection means it is still ours.
      await this.runner.query('SELECT 1');
      return true;
    }
    const rows = (await this.runner.query('SELECT pg_try_advisory_lock($1) AS locked', [
      POLLER_LOCK_KEY,
    ])) as { locked: boolean }[];
    this.held = rows[0]?.locked === true;
    return this.held;
  }

  private async forget(): Promise<void> {
    const runner = this.runner;
    this.runner = null;
    this.held = false;
    if (runner !== null && !runner.isReleased) await runner.release().catch(() => undefined);
  }
}
