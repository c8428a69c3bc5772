/** Delays of 1 s, 2 s, 4 s… capped, for failures that came without a Retry-After. */
export class ExponentialBackoff {
  private failures = 0;

  constructor(
    private readonly initialMs = 1_000,
    private readonly maxMs = 60_000,
  ) {}

  nextDelayMs(): number {
    const delay = Math.min(this.maxMs, this.initialMs * 2 ** this.failures);
    this.failures += 1;
    return delay;
  }

  reset(): void {
    this.failures = 0;
  }
}
