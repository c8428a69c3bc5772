import type { Logger } from 'pino';
import type { Clock } from '../../../common/time/clock.js';
import type { PollerMetrics } from './poller-metrics.js';

/** The watch looks at least this often: a stall shows within stallMs plus this. */
const MAX_CHECK_EVERY_MS = 10_000;
const MIN_CHECK_EVERY_MS = 100;

export interface PollerStallWatchOptions {
  /** INGEST_STALL_MS. */
  stallMs: number;
  clock: Clock;
  logger: Logger;
  metrics: PollerMetrics;
  /** The poller's last progress (RedditPoller.lastProgressAt). */
  lastProgressAt(): number | null;
}

/**
 * Makes a poller that stops making progress visible on /metrics and in the logs (docs/ingestion.md,
 * stalls that show). Progress is a Reddit answer handed on with the walk stored, so a quiet stream
 * is no stall. Expected only while this instance holds the lease; the watch also looks on a timer
 * of its own, so a poll that never returns shows too.
 */
export class PollerStallWatch {
  private expectedSince: number | null = null;
  private stalled = false;
  private stallLoggedAt = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: PollerStallWatchOptions) {}

  /** Looks on a timer from now on (the background loop runs). */
  start(): void {
    const everyMs = Math.min(
      MAX_CHECK_EVERY_MS,
      Math.max(MIN_CHECK_EVERY_MS, this.options.stallMs / 4),
    );
    this.timer = setInterval(() => this.check(), everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** This instance polls from now on (progress is expected), or no longer. */
  setExpected(expected: boolean): void {
    this.expectedSince = expected ? this.options.clock.nowMs() : null;
    this.check();
  }

  check(): void {
    const { clock, metrics, logger, stallMs } = this.options;
    const now = clock.nowMs();
    if (this.expectedSince === null) {
      metrics.setProgress(0, false);
      this.stalled = false;
      return;
    }
    const lastProgressAt = this.options.lastProgressAt();
    const idleMs = now - Math.max(this.expectedSince, lastProgressAt ?? this.expectedSince);
    const stalled = idleMs >= stallMs;
    metrics.setProgress(idleMs / 1_000, stalled);
    const seconds = Math.round(idleMs / 1_000);
    if (stalled && (!this.stalled || now - this.stallLoggedAt >= stallMs)) {
      this.stallLoggedAt = now;
      logger.error(
        {
          secondsSinceProgress: seconds,
          lastProgressAt: lastProgressAt === null ? null : new Date(lastProgressAt).toISOString(),
        },
        `Reddit poller stalled: no progress for ${seconds} s`,
      );
    } else if (!stalled && this.stalled) {
      logger.info('Reddit poller makes progress again');
    }
    this.stalled = stalled;
  }
}
