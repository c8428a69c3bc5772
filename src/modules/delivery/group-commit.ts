/**
 * Writes items in batches, one transaction per batch: a write starts on the next turn of the
 * event loop, so every item that arrived in the same turn (answers read from many sockets) goes
 * in together, and items arriving while a write runs go into the next one.
 */
export class GroupCommit<T, R> {
  private queue: Array<{
    item: T;
    resolve: (result: R) => void;
    reject: (error: unknown) => void;
  }> = [];
  private running: Promise<void> | null = null;

  constructor(private readonly writeBatch: (items: T[]) => Promise<R[]>) {}

  add(item: T): Promise<R> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.running ??= new Promise((next) => setImmediate(next)).then(() => this.drain());
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      try {
        const results = await this.writeBatch(batch.map((entry) => entry.item));
        batch.forEach((entry, index) => entry.resolve(results[index]));
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    this.running = null;
  }
}
