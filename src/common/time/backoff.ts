/** The delay after the nth failure in a row: initialMs, twice that, four times… capped at maxMs. */
export function backoffDelayMs(failuresInARow: number, initialMs = 1_000, maxMs = 60_000): number {
  return Math.min(maxMs, initialMs * 2 ** (failuresInARow - 1));
}

/** Delays of 1 s, 2 s, 4 s… capped, for failures that came without a Retry-After. */
export class ExponentialBackoff {
  private failures = 0;

  constructor(
    private readonly initialMs = 1_000,
    private readonly maxMs = 60_000,
  ) {}

  nextDelayMs(): number {
    this.failures += 1;
    return backoffDelayMs(this.failures, this.initialMs, this.maxMs);
  }

  reset(): void {
    this.failures = 0;
  }
}
