import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { createRootLogger } from '../../src/common/logging/logger.js';

export interface CapturedLogs {
  logger: Logger;
  text(): string;
  /** Resolves once what was logged contains `expected` (a line logged by a background task). */
  logged(expected: string): Promise<void>;
}

/** The app's root logger, its JSON lines kept in memory, for tests that read what was logged. */
export function capturedLogger(): CapturedLogs {
  const lines: string[] = [];
  const waiters = new Set<{ expected: string; resolve: () => void }>();
  const text = () => lines.join('');
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      for (const waiter of waiters) {
        if (text().includes(waiter.expected)) {
          waiters.delete(waiter);
          waiter.resolve();
        }
      }
      done();
    },
  });
  return {
    logger: createRootLogger('trace', sink),
    text,
    logged: (expected) =>
      text().includes(expected)
        ? Promise.resolve()
        : new Promise((resolve) => waiters.add({ expected, resolve })),
  };
}
