import type { RowValues } from './row-scan.js';

/** A read with :named parameters, answering its rows as objects. */
export type ReadQuery = <T>(sql: string, parameters?: Record<string, unknown>) => Promise<T[]>;

/** Reads outside any transaction: by query, and whole tables in one pass (row-scan.ts). */
export interface RowReader {
  query: ReadQuery;
  scan(sql: string): AsyncGenerator<RowValues[]>;
}
