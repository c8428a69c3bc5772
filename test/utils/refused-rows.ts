import type { TestApp } from './create-test-app.js';
import type { TestDatabaseKind } from './test-databases.js';

/** The one row a table is made to refuse: where `column` is `value`. */
export interface RefusedRow {
  table: string;
  column: string;
  value: string;
}

const triggerOf = (table: string) => `refuse_${table}`;

/**
 * Makes the database refuse one row, as a value it cannot hold or a failure in the middle of a
 * transaction would: whatever the transaction wrote before it is rolled back.
 */
export async function refuseRow(
  t: TestApp,
  kind: TestDatabaseKind,
  { table, column, value }: RefusedRow,
): Promise<void> {
  const trigger = triggerOf(table);
  if (kind === 'sqlite') {
    await t.database.dataSource.query(
      `CREATE TRIGGER ${trigger} BEFORE INSERT ON ${table} WHEN NEW.${column} = '${value}'
       BEGIN SELECT RAISE(ABORT, 'this row cannot be stored'); END`,
    );
    return;
  }
  await t.database.dataSource.query(
    `CREATE FUNCTION ${trigger}() RETURNS trigger AS $$ BEGIN
       IF NEW.${column} = '${value}' THEN RAISE EXCEPTION 'this row cannot be stored'; END IF;
       RETURN NEW; END $$ LANGUAGE plpgsql`,
  );
  await t.database.dataSource.query(
    `CREATE TRIGGER ${trigger} BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION ${trigger}()`,
  );
}

/** Undoes refuseRow for the table. */
export async function allowRows(t: TestApp, kind: TestDatabaseKind, table: string): Promise<void> {
  const trigger = triggerOf(table);
  await t.database.dataSource.query(
    kind === 'sqlite' ? `DROP TRIGGER ${trigger}` : `DROP TRIGGER ${trigger} ON ${table}`,
  );
}
