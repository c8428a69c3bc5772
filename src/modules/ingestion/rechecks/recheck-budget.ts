const MINUTE_MS = 60_000;

/** The part of the credentials' allowance re-checks may spend: never more than a tenth. */
export const RECHECK_SHARE = 0.1;

/**
 * How many /api/info requests the re-checks may send: at most RECHECK_SHARE of the credentials'
 * requests per minute in any 60 seconds, spaced evenly, so a backlog of due re-checks never
 * takes the requests the poller's coverage needs. The requests themselves go through the
 * credentials' pacers like the poller's: together they stay within Reddit's allowance.
 */
export class RecheckBudget {
  private readonly sent: number[] = [];

  constructor(private readonly requestsPerMinute: () => number) {}

  /** Requests a minute the re-checks may send (none below 10 requests a minute in all). */
  get perMinute(): number {
    return Math.floor(this.requestsPerMinute() * RECHECK_SHARE);
  }

  mayRequest(now: number): boolean {
    this.forgetBefore(now - MINUTE_MS);
    const limit = this.perMinute;
    if (this.sent.length >= limit) return false;
    const last = this.sent.at(-1);
    return last === undefined || now - last >= MINUTE_MS / limit;
  }

  spent(now: number): void {
    this.sent.push(now);
  }

  private forgetBefore(cutoff: number): void {
    while (this.sent.length > 0 && this.sent[0] <= cutoff) this.sent.shift();
  }
}
