import type { EntityManager } from 'typeorm';

/**
 * Writes a caller adds to a transaction another module runs, given what that transaction did:
 * they commit with it or not at all, and throwing rolls the whole of it back (an operator
 * action's audit entry beside the change it records).
 */
export type AlsoInTransaction<T> = (manager: EntityManager, outcome: T) => Promise<void>;

export async function runAlso<T>(
  manager: EntityManager,
  also: AlsoInTransaction<T> | undefined,
  outcome: T,
): Promise<void> {
  if (also) await also(manager, outcome);
}
