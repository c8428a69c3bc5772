import { v7 as uuidv7 } from 'uuid';

/** Time-ordered UUIDs (v7): ids made later sort later, so ties on a timestamp keep insertion order. */
export function newId(): string {
  return uuidv7();
}

/** A UUID as the stores hold ids: lower-case hex, hyphenated (any version, as older rows have v4). */
const ID_FORMAT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isId(text: string): boolean {
  return ID_FORMAT.test(text);
}
