import type { DatabaseKind } from './database-url.js';

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

/**
 * `column IN <the list bound as :name>` as one parameter, so the statement text is the same for
 * every list length and is prepared once; bind `boundList(kind, values)` as :name.
 */
export function inBoundList(kind: DatabaseKind, column: string, name: string): string {
  return kind === 'postgres'
    ? `(${column} = ANY(CAST(:${name} AS varchar[])))`
    : `(${column} IN (SELECT value FROM json_each(:${name})))`;
}

/** The value of an `inBoundList` parameter. */
export function boundList(
  kind: DatabaseKind,
  values: readonly string[],
): string | readonly string[] {
  return kind === 'postgres' ? values : JSON.stringify(values);
}
