import { v7 as uuidv7 } from 'uuid';

/** Time-ordered UUIDs (v7): ids made later sort later, so ties on a timestamp keep insertion order. */
export function newId(): string {
  return uuidv7();
}
