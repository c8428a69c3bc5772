import type { ReadQuery } from './row-reader.js';

/** Rows read a page at a time: memory stays flat however many there are. */
const PAGE_SIZE = 5_000;

export interface ChangedRowsQuery {
  /** A table with `id` and `change_seq` columns (change-sequence.ts). */
  table: string;
  /** Columns to read besides id and change_seq, as SQL. */
  columns: string;
  /** Rows whose change number is above this one; -1 for every row. */
  since: number;
  where?: string;
}

export interface ChangedRow {
  id: string;
  change_seq: number | string;
}

/**
 * The rows changed since a change number, in change order, as raw rows (no entity hydration),
 * page by page on the (change_seq, id) index. A row that changes while the pages are read takes
 * a higher number, so it is read (again) further on or by the next refresh, never skipped.
 */
export async function* changedRows<T extends ChangedRow>(
  read: ReadQuery,
  query: ChangedRowsQuery,
): AsyncGenerator<T[]> {
  const filter = query.where === undefined ? '' : `AND (${query.where})`;
  const select = `SELECT id, change_seq, ${query.columns} FROM ${query.table}`;
  const order = `ORDER BY change_seq, id LIMIT ${PAGE_SIZE}`;
  const pageAfter = (last: T) =>
    read<T>(`${select} WHERE (change_seq, id) > (:seq, :id) ${filter} ${order}`, {
      seq: Number(last.change_seq),
      id: last.id,
    });
  let page = await read<T>(`${select} WHERE change_seq > :since ${filter} ${order}`, {
    since: query.since,
  });
  while (page.length > 0) {
    // The next page is asked for before this one is handed over: PostgreSQL reads it meanwhile.
    const next = page.length < PAGE_SIZE ? null : pageAfter(page[page.length - 1]);
    // Left unawaited when the reader stops early; its failure then concerns nobody.
    next?.catch(() => undefined);
    yield page;
    if (next === null) return;
    page = await next;
  }
}
