import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { createRootLogger } from '../../src/common/logging/logger.js';

/** The app's root logger, its JSON lines kept in memory, for tests that read what was logged. */
export function capturedLogger(): { logger: Logger; text: () => string } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createRootLogger('trace', sink), text: () => lines.join('') };
}
