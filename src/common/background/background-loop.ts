import { Mutex } from 'async-mutex';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import { backoffDelayMs } from '../time/backoff.js';
import { Wakeup } from './wakeup.js';

/** The longest wait between failed turns of a job that names no retryMs of its own. */
const MAX_DEFAULT_RETRY_MS = 5_000;

/** Who may run a loop: one instance at a time (for example a PostgreSQL advisory lock). */
export interface LoopLease {
  /** True while this instance holds the lease; takes it when it is free. */
  acquire(): Promise<boolean>;
  release(): Promise<void>;
}

export interface BackgroundLoopOptions {
  /** Names the loop in its log lines ("Reddit poller started"). */
  name: string;
  logger: Logger;
  /** The wait after a turn that asks for none, and after a turn skipped without the lease. */
  idleMs: number;
  /** One turn of work; a number it returns is how many ms to wait before the next one. */
  turn(): Promise<unknown>;
  /**
   * The wait after a failed turn, by failures in a row (1 after the first); if absent, idleMs
   * doubled at each failure in a row, up to MAX_DEFAULT_RETRY_MS.
   */
  retryMs?(failuresInARow: number): number;
  /** Subscribes `wake` to what ends a wait early; returns the function that unsubscribes. */
  wakeOn?(wake: () => void): () => void;
  /**
   * Turns run only while this instance holds the lease, asked before each turn; `changed` hears
   * when it was taken or given up (also on stop, which releases it).
   */
  lease?: { lease: LoopLease; changed(held: boolean): Promise<void> };
  /** Finishes what the turns left in flight, after the last one; also when never started. */
  drain?(): Promise<void>;
}

/**
 * A background job's lifecycle: turns one after the other, never two at once, with waits between
 * them that wake() ends early; a lease where only one instance may run; stop() lets the running
 * turn end, drains and releases the lease. Failed turns are retried here, waiting longer while
 * they keep failing, and the log speaks of outages rather than of turns: one line when the first
 * turn fails, one when a turn succeeds again.
 */
export class BackgroundLoop {
  private readonly wakeup = new Wakeup();
  private readonly turns = new Mutex();
  private running: Promise<void> | null = null;
  private stopped: Promise<void> | null = null;
  private stopListening: (() => void) | null = null;
  private leaseHeld = false;
  private failuresInARow = 0;
  private failingSince = 0;

  constructor(private readonly options: BackgroundLoopOptions) {}

  /** True once stop() was called: a long turn checks it to end early. */
  get stopping(): boolean {
    return this.stopped !== null;
  }

  get holdsLease(): boolean {
    return this.leaseHeld;
  }

  /** The first turn starts at once; `context` goes into the log line. */
  start(context: Record<string, unknown> = {}): void {
    if (this.running !== null || this.stopping) return;
    this.options.logger.info(context, `${this.options.name} started`);
    this.stopListening = this.options.wakeOn?.(() => this.wake()) ?? null;
    this.running = this.runForever();
  }

  /** Ends the current wait; a wake during a turn ends the next wait at once. */
  wake(): void {
    this.wakeup.wake();
  }

  /** For a turn's own waits: `ms`, or less when woken. */
  sleep(ms: number): Promise<void> {
    return this.wakeup.wait(ms);
  }

  /**
   * Runs `work` as one turn, between the loop's own turns and under the lease: null when another
   * instance holds it. What tests call, and what each turn of the loop is.
   */
  runTurn<T>(work: () => Promise<T>): Promise<T | null> {
    return this.turns.runExclusive(async () => {
      if (!(await this.holdLease())) return null;
      return work();
    });
  }

  stop(): Promise<void> {
    this.stopped ??= this.shutDown();
    return this.stopped;
  }

  private async runForever(): Promise<void> {
    while (!this.stopping) {
      const waitMs = await this.turnOrFailure();
      if (!this.stopping) await this.wakeup.wait(Math.max(0, waitMs));
    }
  }

  /** How long to wait after this turn. */
  private async turnOrFailure(): Promise<number> {
    const { idleMs, logger, name } = this.options;
    try {
      const asked = await this.runTurn(this.options.turn);
      this.succeeded();
      return typeof asked === 'number' ? asked : idleMs;
    } catch (error) {
      this.failuresInARow += 1;
      const waitMs = this.retryMs(this.failuresInARow);
      if (this.failuresInARow === 1) {
        this.failingSince = performance.now();
        logger.error(
          { err: error },
          `${name} failed; trying again in ${waitMs} ms, and less often while it fails (logged again once a turn succeeds)`,
        );
      }
      return waitMs;
    }
  }

  private retryMs(failuresInARow: number): number {
    const { idleMs, retryMs } = this.options;
    if (retryMs !== undefined) return retryMs(failuresInARow);
    return Math.max(idleMs, backoffDelayMs(failuresInARow, idleMs, MAX_DEFAULT_RETRY_MS));
  }

  private succeeded(): void {
    if (this.failuresInARow === 0) return;
    this.options.logger.info(
      {
        failedTurns: this.failuresInARow,
        failingForMs: Math.round(performance.now() - this.failingSince),
      },
      `${this.options.name} works again`,
    );
    this.failuresInARow = 0;
  }

  private async holdLease(): Promise<boolean> {
    const lease = this.options.lease;
    if (lease === undefined) return true;
    await this.setLeaseHeld(await lease.lease.acquire());
    return this.leaseHeld;
  }

  private async setLeaseHeld(held: boolean): Promise<void> {
    if (held === this.leaseHeld) return;
    this.leaseHeld = held;
    const { name, logger } = this.options;
    logger.info(
      held ? `${name} took its lease: this instance runs it` : `${name} gave up its lease`,
    );
    await this.options.lease?.changed(held);
  }

  private async shutDown(): Promise<void> {
    this.stopListening?.();
    this.wakeup.wake();
    await this.running;
    const { drain, lease, logger, name } = this.options;
    await this.turns.runExclusive(async () => {
      await drain?.().catch((error: unknown) => {
        logger.error({ err: error }, `${name}: work in flight not finished before stopping`);
      });
      if (lease === undefined) return;
      await lease.lease.release();
      await this.setLeaseHeld(false);
    });
    if (this.running !== null) logger.info(`${name} stopped`);
  }
}
