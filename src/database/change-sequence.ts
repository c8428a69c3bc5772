import type { EntityManager } from 'typeorm';
import type { Database } from './database.js';
import type { ReadQuery } from './row-reader.js';

/** The tables whose changes the live matchers follow, each with its own counter. */
export type ChangeStream = 'accounts' | 'keywords' | 'searches';

/**
 * The next change number of a stream, for the rows the caller's transaction writes; its counter
 * row stays locked until that transaction ends, so numbers become visible in the order taken
 * (docs/matching.md, keeping in step). Take it right before writing the rows, after any other
 * lock, so no writer waits for it while holding a row another one needs.
 */
export async function nextChangeSeq(
  database: Database,
  manager: EntityManager,
  stream: ChangeStream,
): Promise<number> {
  const [row] = await database.query<{ value: number | string }>(
    manager,
    'UPDATE change_counters SET value = value + 1 WHERE stream = :stream RETURNING value',
    { stream },
  );
  return Number(row.value);
}

/** Every stream's latest committed change number, in one statement. */
export async function latestChangeSeqs(read: ReadQuery): Promise<Record<ChangeStream, number>> {
  const rows = await read<{ stream: ChangeStream; value: number | string }>(
    'SELECT stream, value FROM change_counters',
  );
  const latest = { accounts: 0, keywords: 0, searches: 0 };
  for (const row of rows) latest[row.stream] = Number(row.value);
  return latest;
}
