import { performance } from 'node:perf_hooks';

/**
 * A token bucket: how many retries may start now while first attempts wait behind their shares.
 * Every attempt costs the event loop about the same, so retries in the slots a busy webhook's
 * share leaves free would still slow its deliveries; at this pace they cost it a few percent.
 */
export class RetryPace {
  private tokens: number;
  private refilledAt: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly nowMs: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.refilledAt = nowMs();
  }

  /** Retries that may start now. */
  allowance(): number {
    const now = this.nowMs();
    this.tokens = Math.min(
      this.burst,
      this.tokens + ((now - this.refilledAt) / 1000) * this.perSecond,
    );
    this.refilledAt = now;
    return Math.floor(this.tokens);
  }

  spend(started: number): void {
    this.tokens = Math.max(0, this.tokens - started);
  }
}
