import { createInterface } from 'node:readline';
import type { RedditItem } from '../reddit-item.js';
import { normalizeRedditThing } from '../reddit/normalize.js';

export type BadLineReason = 'invalid_json' | 'not_an_item';

export type DumpLine =
  | { lineNumber: number; item: RedditItem }
  | { lineNumber: number; reason: BadLineReason; error: string };

const BYTE_ORDER_MARK = '\uFEFF';

/**
 * Streams a Pushshift / Arctic Shift NDJSON dump one line at a time (readline keeps memory flat
 * and honours back-pressure). Blank lines are skipped; a bad line is reported, never fatal.
 * Line numbers are 1-based and count blank lines, so they match an editor's.
 */
export async function* readDumpLines(input: NodeJS.ReadableStream): AsyncGenerator<DumpLine> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  let lineNumber = 0;
  for await (const rawLine of lines) {
    lineNumber += 1;
    const line =
      lineNumber === 1 && rawLine.startsWith(BYTE_ORDER_MARK) ? rawLine.slice(1) : rawLine;
    if (line.trim() === '') continue;
    yield parseDumpLine(lineNumber, line);
  }
}

function parseDumpLine(lineNumber: number, line: string): DumpLine {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { lineNumber, reason: 'invalid_json', error: `invalid JSON: ${reason}` };
  }
  const item = normalizeRedditThing(parsed);
  if (item === null) {
    return { lineNumber, reason: 'not_an_item', error: 'not a Reddit post or comment' };
  }
  return { lineNumber, item };
}
