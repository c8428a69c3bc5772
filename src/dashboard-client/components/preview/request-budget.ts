const MINUTE_MS = 60_000;

/**
 * At most `perMinute` requests in any minute, counted here: the server's own budget for previews
 * is PREVIEW_RATE_PER_MINUTE (10 by default) per user, so the client keeps well under it.
 */
export class RequestBudget {
  private readonly sent: number[] = [];

  constructor(private readonly perMinute: number) {}

  /** How long to wait from `now` (epoch ms) before one more request stays within the budget. */
  waitMs(now: number): number {
    this.forget(now);
    return this.sent.length < this.perMinute ? 0 : this.sent[0] + MINUTE_MS - now;
  }

  spend(now: number): void {
    this.forget(now);
    this.sent.push(now);
  }

  private forget(now: number): void {
    while (this.sent.length > 0 && this.sent[0] <= now - MINUTE_MS) this.sent.shift();
  }
}
