import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { Logger } from 'pino';
import { DependencyOutage } from '../common/outages/dependency-outage.js';
import { Clock } from '../common/time/clock.js';
import { ROOT_LOGGER } from '../core.module.js';
import { DatabaseUnreachableError, isConnectionFailure } from './database-unreachable.js';

/**
 * A new connection to PostgreSQL that has not finished its startup by then, while nothing was
 * heard from the server meanwhile, is given up and the server taken for unreachable, so that a
 * request answers 503 within a second instead of waiting on a host that went silent. Only the
 * opening of a connection waits on it, never a request queued for a busy pool; how far it is
 * above a connection's usual time: docs/operations.md.
 */
export const POSTGRES_CONNECT_TIMEOUT_MS = 500;

/**
 * How long a connection's startup may go on while the server keeps answering on other
 * connections: a busy server, not an unreachable one.
 */
export const BUSY_SERVER_CONNECT_LIMIT_MS = 10_000;

/** While the server is unreachable, one connection at most this often tries whether it is back. */
export const RECONNECT_TRIAL_INTERVAL_MS = 250;

/**
 * What a connection's startup is given at least after its socket opened: when the event loop was
 * held before it could send the startup, the server has had no chance to answer it yet.
 */
const STARTUP_ANSWER_GRACE_MS = 100;

type ConnectCallback = (error?: Error) => void;

/**
 * Whether this instance reaches its PostgreSQL server, learnt from the connections its pool opens.
 * Once one fails to open (refused, or given up by startupDeadline()), the others are
 * refused at once with DatabaseUnreachableError (503 `unavailable`), except one trial every
 * RECONNECT_TRIAL_INTERVAL_MS: the first that opens ends the outage. One line is logged when it
 * starts and one when it ends.
 */
@Injectable()
export class DatabaseReachability {
  private readonly outage: DependencyOutage;
  private lastTrialAt = Number.NEGATIVE_INFINITY;
  private trialRunning = false;
  private lastHeardAt = Number.NEGATIVE_INFINITY;

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

  /** The server sent something on one of this instance's connections: it is there. */
  heardFromServer(): void {
    this.lastHeardAt = performance.now();
  }

  /**
   * Gives a connection's startup up (`giveUp`) once it has waited POSTGRES_CONNECT_TIMEOUT_MS
   * with nothing heard from the server, on it or on any other connection. `socketOpenedAt` tells
   * when its socket opened (performance.now()), if it has. Returns what stops the deadline once
   * the startup is over.
   *
   * A timer alone cannot tell a silent server from a slow process. An event loop held up past the
   * deadline (a long synchronous task, a pause, a CPU it did not get) runs the timer before it
   * reads the answer already waiting on the socket, or before it even sent the startup that the
   * socket's opening calls for. So the deadline is judged after the loop's next poll for I/O,
   * which reads what arrived and sends the startup, and a startup sent less than
   * STARTUP_ANSWER_GRACE_MS before is given that long for its answer. And a server heard on other
   * connections meanwhile is busy, not unreachable: the startup then waits on, while it keeps
   * being heard, up to BUSY_SERVER_CONNECT_LIMIT_MS.
   */
  startupDeadline(giveUp: () => void, socketOpenedAt: () => number | undefined): () => void {
    const startedAt = performance.now();
    let heardSince = startedAt;
    let timer: NodeJS.Timeout | undefined;
    let immediate: NodeJS.Immediate | undefined;
    const judgeAfterPoll = () => {
      immediate = setImmediate(judge);
    };
    const judge = () => {
      const now = performance.now();
      const answerDueAt = (socketOpenedAt() ?? Number.NEGATIVE_INFINITY) + STARTUP_ANSWER_GRACE_MS;
      if (answerDueAt > now) {
        timer = setTimeout(judgeAfterPoll, answerDueAt - now).unref();
      } else if (this.lastHeardAt > heardSince && now - startedAt < BUSY_SERVER_CONNECT_LIMIT_MS) {
        heardSince = now;
        timer = setTimeout(judgeAfterPoll, POSTGRES_CONNECT_TIMEOUT_MS).unref();
      } else {
        giveUp();
      }
    };
    timer = setTimeout(judgeAfterPoll, POSTGRES_CONNECT_TIMEOUT_MS).unref();
    return () => {
      clearTimeout(timer);
      clearImmediate(immediate);
    };
  }

  /**
   * The pg Client class for the pool's `Client` option: its connections open through connect(),
   * tell this instance whenever the server sends something, and give their startup up by
   * startupDeadline(). Loads pg, which SQLite never needs.
   */
  async postgresClient(): Promise<typeof pg.Client> {
    const { default: driver } = await import('pg');
    const connect = (open: () => Promise<unknown>) => this.connect(open);
    const heard = () => this.heardFromServer();
    const startupDeadline = (giveUp: () => void, socketOpenedAt: () => number | undefined) =>
      this.startupDeadline(giveUp, socketOpenedAt);
    return class ReachabilityClient extends driver.Client {
      constructor(config?: pg.ClientConfig) {
        // The pool hides the password from enumeration: it is carried over by name. The startup
        // deadline is startupDeadline()'s, not a timer of pg's.
        super({ ...config, password: config?.password, connectionTimeoutMillis: 0 });
      }

      override connect(): Promise<pg.Client>;
      override connect(callback: ConnectCallback): void;
      override connect(callback?: ConnectCallback): Promise<pg.Client> | void {
        const opened = connect(() => {
          const started = super.connect();
          const { stream } = this.connection;
          let openedAt: number | undefined;
          stream.once('connect', () => (openedAt = performance.now()));
          stream.on('data', heard);
          // pg's own words for a startup it gave up, which isConnectionFailure knows.
          const stop = startupDeadline(
            () => stream.destroy(new Error('timeout expired')),
            () => openedAt,
          );
          return started.finally(stop);
        }).then(() => this);
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
