/**
 * An auto-reset event: wait() ends at the next wake(), at once if a wake() came while nobody was
 * waiting (so none is lost between a check and the wait), or after the timeout.
 */
export class Wakeup {
  private readonly waiters = new Set<() => void>();
  private woken = false;

  wake(): void {
    if (this.waiters.size === 0) {
      this.woken = true;
      return;
    }
    for (const resolve of [...this.waiters]) resolve();
  }

  wait(timeoutMs: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.waiters.add(done);
    });
  }
}
