import type { DatabaseKind } from '../../database/database-url.js';
import { boundList, inBoundList } from '../../database/sql-lists.js';

/** The fragments of the outbox's statements that SQLite and PostgreSQL spell differently. */
export class DeliverySql {
  constructor(private readonly kind: DatabaseKind) {}

  /** `column IN` the list bound as :name (sql-lists.ts: one statement text for every length). */
  inList(column: string, name: string): string {
    return inBoundList(this.kind, column, name);
  }

  /** The ids the subquery `rows` returns (a column `id`), as one JSON array value. */
  jsonIds(rows: string): string {
    return this.kind === 'postgres'
      ? `(SELECT COALESCE(json_agg(lane.id), '[]') FROM (${rows}) lane)`
      : `(SELECT json_group_array(lane.id) FROM (${rows}) lane)`;
  }

  /** A `jsonIds` value as read: PostgreSQL's driver parses JSON, SQLite's returns its text. */
  parseIds(value: unknown): string[] {
    return (typeof value === 'string' ? JSON.parse(value) : value) as string[];
  }

  /** A whole number below 16^10 as ten lower-case hex digits, zero-padded. */
  tenHexDigits(expression: string): string {
    return this.kind === 'postgres'
      ? `lpad(to_hex(${expression}), 10, '0')`
      : `printf('%010x', ${expression})`;
  }

  /**
   * A join with the rows `lateral` gives for each outer row (it names the outer row's columns).
   * PostgreSQL evaluates it per row (LATERAL; OFFSET 0 keeps the planner from pulling it up into
   * a plain join), so each lookup takes its index however stale the table's statistics: with a
   * table analyzed when nearly empty, the plain join was planned as a nested loop over the whole
   * table with the outer rows inside (30–40 ms for 100 alerts beside 1,000 webhooks). SQLite has
   * no LATERAL, and plans `plain … ON on` with the index already.
   */
  eachRowJoin(join: { lateral: string; plain: string; alias: string; on: string }): string {
    return this.kind === 'postgres'
      ? `CROSS JOIN LATERAL (${join.lateral} OFFSET 0) ${join.alias}`
      : `JOIN (${join.plain}) ${join.alias} ON ${join.on}`;
  }

  list(values: readonly string[]): string | readonly string[] {
    return boundList(this.kind, values);
  }

  /**
   * TypeORM writes numbers into SQLite statement text, so each value would prepare a new
   * statement; a bigint is bound as a parameter instead.
   */
  int(value: number): number | bigint {
    return this.kind === 'postgres' ? value : BigInt(value);
  }

  /**
   * A JSON array of objects bound as :name, read as a table `v` with the given columns. Joins
   * with it also filter the target by id list, so the planner looks rows up by primary key
   * instead of guessing the size of the JSON.
   */
  jsonRows(name: string, columns: Record<string, 'varchar' | 'bigint' | 'integer'>): string {
    const entries = Object.entries(columns);
    if (this.kind === 'postgres') {
      const definition = entries.map(([column, type]) => `${column} ${type}`).join(', ');
      return `jsonb_to_recordset(CAST(:${name} AS jsonb)) AS v(${definition})`;
    }
    const fields = entries
      .map(([column]) => `json_extract(value, '$.${column}') AS ${column}`)
      .join(', ');
    return `(SELECT ${fields} FROM json_each(:${name})) AS v`;
  }
}
