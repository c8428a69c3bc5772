/** SQL lists with :named parameters, for `Database.query` and the RowReaders. */

/** The VALUES list of a multi-row insert, "(:r0c0, :r0c1), (:r1c0, …)", with its parameters. */
export function valuesClause(rows: readonly (readonly unknown[])[]): {
  sql: string;
  parameters: Record<string, unknown>;
} {
  const parameters: Record<string, unknown> = {};
  const tuples = rows.map((row, r) => {
    const names = row.map((value, c) => {
      parameters[`r${r}c${c}`] = value;
      return `:r${r}c${c}`;
    });
    return `(${names.join(', ')})`;
  });
  return { sql: tuples.join(', '), parameters };
}

/** The list of an IN (…) condition, ":i0, :i1, …", with its parameters. */
export function inList(values: readonly unknown[]): {
  sql: string;
  parameters: Record<string, unknown>;
} {
  const parameters: Record<string, unknown> = {};
  const names = values.map((value, index) => {
    parameters[`i${index}`] = value;
    return `:i${index}`;
  });
  return { sql: names.join(', '), parameters };
}
