import type { ValueTransformer } from 'typeorm';

/** bigint columns come back as strings from PostgreSQL; epoch milliseconds fit a JS number. */
export const epochMillis: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
};
