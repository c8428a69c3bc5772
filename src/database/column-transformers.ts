import type { ValueTransformer } from 'typeorm';

/** bigint columns come back as strings from PostgreSQL; the values kept there fit a JS number. */
export const bigintNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
};

/** Times are stored as epoch milliseconds in bigint columns. */
export const epochMillis = bigintNumber;
