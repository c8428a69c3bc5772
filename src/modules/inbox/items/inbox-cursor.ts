import { AppError } from '../../../common/errors/app-error.js';
import { isId } from '../../../common/ids.js';
import type { InboxItemEntity } from './inbox-item.entity.js';
import { SORT_KEYS, sortValuesOf } from './inbox-order.js';
import { INBOX_SORTS, type InboxSort } from './inbox-query.js';

/** A keyset position in one sort order: the sort's key values of the last item of a page. */
export interface InboxCursor {
  sortBy: InboxSort;
  /** One per sort key, the id last. */
  values: (number | string)[];
}

/** base64url (unpadded) of the JSON array [sort, ...values, id]. */
function encode({ sortBy, values }: InboxCursor): string {
  return Buffer.from(JSON.stringify([sortBy, ...values])).toString('base64url');
}

export function encodeInboxCursor(sortBy: InboxSort, item: InboxItemEntity): string {
  return encode({ sortBy, values: sortValuesOf(sortBy, item) });
}

function decode(value: string): InboxCursor | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  const [sortBy, ...values] = parsed as unknown[];
  if (!(INBOX_SORTS as readonly unknown[]).includes(sortBy)) return null;
  const keys = SORT_KEYS[sortBy as InboxSort];
  const id = values.at(-1);
  const numbers = values.slice(0, -1);
  if (
    values.length !== keys.length ||
    !(typeof id === 'string' && isId(id)) ||
    !numbers.every((number) => Number.isSafeInteger(number))
  ) {
    return null;
  }
  return { sortBy: sortBy as InboxSort, values: values as (number | string)[] };
}

/**
 * The position `after` names in the order `sortBy`: anything encodeInboxCursor did not give out for
 * that order (another order's cursor, another spelling, other values) is 422 invalid_body.
 */
export function parseInboxAfter(after: string, sortBy: InboxSort): InboxCursor {
  const cursor = decode(after);
  if (cursor === null || encode(cursor) !== after || cursor.sortBy !== sortBy) {
    throw AppError.invalidBody(
      'after is not a valid cursor: pass the pageInfo.endCursor of a previous page, unchanged and with the same sortBy',
    );
  }
  return cursor;
}
