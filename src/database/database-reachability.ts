import { Inject, Injectable } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import type { Logger } from 'pino';
import { DependencyOutage } from '../common/outages/dependency-outage.js';
import { Clock } from '../common/time/clock.js';
import { ROOT_LOGGER } from '../core.module.js';
import { DatabaseUnreachableError, isConnectionFailure } from './database-unreachable.js';

/**
 * A new connection to PostgreSQL that has not finished its startup by then is given up and the
 * server taken for unreachable, so that a request answers 503 within a second instead of waiting
 * on a host that went silent. Only the opening of a connection waits on it, never a request
 * queued for a busy pool; how far it is above a connection's usual time: docs/operations.md.
 */
export const POSTGRES_CONNECT_TIMEOUT_MS = 500;

/** While the server is unreachable, one connection at most this often tries whether it is back. */
export const RECONNECT_TRIAL_INTERVAL_MS = 250;

type ConnectCallback = (error?: Error) => void;

/**
 * Whether this instance reaches its PostgreSQL server, learnt from the connections its pool opens.
 * Once one fails to open (refused, or silent for POSTGRES_CONNECT_TIMEOUT_MS), the others are
 * refused at once with DatabaseUnreachableError (503 `unavailable`), except one trial every
 * RECONNECT_TRIAL_INTERVAL_MS: the first that opens ends the outage. One line is logged when it
 * starts and one when it ends.
 */
@Injectable()
export class DatabaseReachability {
  private readonly outage: DependencyOutage;
  private lastTrialAt = Number.NEGATIVE_INFINITY;
  private trialRunning = false;

  constructor(clock: Clock, @Inject(ROOT_LOGGER) rootLogger: Logger) {
    this.outage = new DependencyOutage(clock, rootLogger.child({ component: 'database' }), {
      lost: 'database unreachable: requests answer 503 unavailable until it answers again',
      back: 'database reachable again',
    });
  }

  /** When this instance lost the server (epoch ms), or null while it reaches it. */
  get unreachableSince(): number | null {
    return this.outage.since;
  }

  /** Opens a connection through `open`, unless the server is known to be unreachable. */
  async connect(open: () => Promise<unknown>): Promise<void> {
    const since = this.outage.since;
    const trial = since !== null;
    if (since !== null) {
      const trialDue = performance.now() - this.lastTrialAt >= RECONNECT_TRIAL_INTERVAL_MS;
      if (this.trialRunning || !trialDue) throw new DatabaseUnreachableError(since);
      this.trialRunning = true;
      this.lastTrialAt = performance.now();
    }
    try {
      await open();
    } catch (error) {
      if (!isConnectionFailure(error)) throw error;
      throw new DatabaseUnreachableError(this.lost(error), error);
    } finally {
      if (trial) this.trialRunning = false;
    }
    this.outage.back();
  }

  /**
   * The pg Client class for the pool's `Client` option: its connections open through connect()
   * and give up after POSTGRES_CONNECT_TIMEOUT_MS. Loads pg, which SQLite never needs.
   */
  async postgresClient(): Promise<typeof pg.Client> {
    const { default: driver } = await import('pg');
    const connect = (open: () => Promise<unknown>) => this.connect(open);
    return class ReachabilityClient extends driver.Client {
      constructor(config?: pg.ClientConfig) {
        // The pool hides the password from enumeration: it is carried over by name.
        super({
          ...config,
          password: config?.password,
          connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
        });
      }

      override connect(): Promise<pg.Client>;
      override connect(callback: ConnectCallback): void;
      override connect(callback?: ConnectCallback): Promise<pg.Client> | void {
        const opened = connect(() => super.connect()).then(() => this);
        if (callback === undefined) return opened;
        void opened.then(() => callback(), callback);
      }
    };
  }

  private lost(error: unknown): number {
    // A failed attempt is a trial too: the next one is due an interval after it.
    this.lastTrialAt = performance.now();
    return this.outage.lost(error);
  }
}
