import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import type { Clock } from '../time/clock.js';

/**
 * One dependency's outages as this instance sees them: since when it has been away, and one log
 * line when an outage starts (a warning, with the error that showed it) and one when it ends (with
 * how long it lasted), however often either is reported meanwhile.
 */
export class DependencyOutage {
  private lostSince: number | null = null;
  private lostAt = 0;

  constructor(
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly lines: { lost: string; back: string },
  ) {}

  /** When it went away (epoch ms, the app's clock), or null while it answers. */
  get since(): number | null {
    return this.lostSince;
  }

  /** It failed; returns since when it has been away. */
  lost(error: unknown): number {
    if (this.lostSince === null) {
      this.lostSince = this.clock.nowMs();
      this.lostAt = performance.now();
      this.logger.warn({ err: error }, this.lines.lost);
    }
    return this.lostSince;
  }

  /** It answered. */
  back(): void {
    if (this.lostSince === null) return;
    this.lostSince = null;
    this.logger.info(
      { unreachableForMs: Math.round(performance.now() - this.lostAt) },
      this.lines.back,
    );
  }
}
