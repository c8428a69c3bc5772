import { Mutex } from 'async-mutex';
import type { ChangeStream } from './change-sequence.js';

/** A change number per stream: the latest ones, or those a reader has read up to. */
export type ChangeMarks = Record<ChangeStream, number>;

/** What one refresh has to read: per stream, the rows changed after its mark, up to `latest`. */
export class ChangeWindow {
  constructor(
    /** The marks of the last refresh that succeeded; null when none did yet (or after a reset). */
    readonly since: ChangeMarks | null,
    readonly latest: ChangeMarks,
  ) {}

  /** Nothing was read yet: the whole tables are to be read. */
  get first(): boolean {
    return this.since === null;
  }

  /** The change number to read the stream's rows after: -1, every row, on a first refresh. */
  after(stream: ChangeStream): number {
    return this.since?.[stream] ?? -1;
  }

  moved(stream: ChangeStream): boolean {
    return this.latest[stream] > this.after(stream);
  }
}

/**
 * Keeps a copy of some tables in step by change number (change-sequence.ts): a refresh reads only
 * the rows changed since its marks, then moves them; one that fails leaves them, so the next reads
 * its rows again. One refresh at a time, so the marks only move forward.
 */
export class ChangeFollower {
  private marks: ChangeMarks | null = null;
  private readonly refreshing = new Mutex();

  async refresh(
    readLatest: () => Promise<ChangeMarks>,
    applyChanges: (window: ChangeWindow) => Promise<void>,
  ): Promise<void> {
    await this.refreshing.runExclusive(async () => {
      const latest = await readLatest();
      await applyChanges(new ChangeWindow(this.marks, latest));
      // Rows changed after `latest` was read and already seen are read once more next time.
      this.marks = latest;
    });
  }

  /** The next refresh reads everything again, e.g. after the schema it was read from changed. */
  async reset(): Promise<void> {
    await this.refreshing.runExclusive(() => {
      this.marks = null;
    });
  }
}
