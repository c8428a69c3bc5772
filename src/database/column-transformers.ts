import type { ValueTransformer } from 'typeorm';

/** bigint columns come back as strings from PostgreSQL; the values kept there fit a JS number. */
export const bigintNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
};

/** Times are stored as epoch milliseconds in bigint columns. */
export const epochMillis = bigintNumber;

function fromJsonList(text: string): string[] {
  return JSON.parse(text) as string[];
}

/** A list of strings kept as a JSON array in a text column (the same on SQLite and PostgreSQL). */
export const jsonList: ValueTransformer = {
  to: (value: readonly string[] | undefined) => JSON.stringify(value),
  from: fromJsonList,
};
