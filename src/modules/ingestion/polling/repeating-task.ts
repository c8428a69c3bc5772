import { ExponentialBackoff } from '../reddit/backoff.js';

export interface RepeatingTaskOptions {
  /**
   * From the start of one run to the start of the next, unless a run takes longer, or the run
   * returns how many ms to wait instead.
   */
  intervalMs: number;
  onError(error: unknown): void;
  /** Waits after failed runs, growing while they keep failing (a broken credential, no database). */
  failureBackoff?: ExponentialBackoff;
  now?: () => number;
}

/** Runs a task over and over on timers, never two runs at once; stop() waits for the current run. */
export class RepeatingTask {
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<void> | null = null;
  private running = false;
  private readonly failureBackoff: ExponentialBackoff;
  private readonly now: () => number;

  constructor(
    private readonly task: () => Promise<number | void>,
    private readonly options: RepeatingTaskOptions,
  ) {
    this.failureBackoff = options.failureBackoff ?? new ExponentialBackoff();
    this.now = options.now ?? (() => performance.now());
  }

  /** The first run starts at once. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    await this.current;
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.current = this.runOnce().finally(() => {
        this.current = null;
      });
    }, delayMs);
  }

  private async runOnce(): Promise<void> {
    const startedAt = this.now();
    let delayMs: number;
    try {
      const requestedMs = await this.task();
      this.failureBackoff.reset();
      delayMs =
        typeof requestedMs === 'number'
          ? Math.max(0, requestedMs)
          : Math.max(0, this.options.intervalMs - (this.now() - startedAt));
    } catch (error) {
      this.options.onError(error);
      delayMs = Math.max(this.options.intervalMs, this.failureBackoff.nextDelayMs());
    }
    if (this.running) this.schedule(delayMs);
  }
}
