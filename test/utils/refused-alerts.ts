import type { TestApp } from './create-test-app.js';
import type { TestDatabaseKind } from './test-databases.js';

/**
 * Makes the database refuse one item's alert, as a failure in the middle of a transaction would:
 * whatever the transaction wrote before it is rolled back.
 */
export async function refuseAlertOf(
  t: TestApp,
  kind: TestDatabaseKind,
  redditId: string,
): Promise<void> {
  if (kind === 'sqlite') {
    await t.database.dataSource.query(
      `CREATE TRIGGER refuse_alert BEFORE INSERT ON alerts WHEN NEW.reddit_id = '${redditId}'
       BEGIN SELECT RAISE(ABORT, 'this alert cannot be stored'); END`,
    );
    return;
  }
  await t.database.dataSource.query(
    `CREATE FUNCTION refuse_alert() RETURNS trigger AS $$ BEGIN
       IF NEW.reddit_id = '${redditId}' THEN RAISE EXCEPTION 'this alert cannot be stored'; END IF;
       RETURN NEW; END $$ LANGUAGE plpgsql`,
  );
  await t.database.dataSource.query(
    'CREATE TRIGGER refuse_alert BEFORE INSERT ON alerts FOR EACH ROW EXECUTE FUNCTION refuse_alert()',
  );
}

/** Undoes refuseAlertOf. */
export async function allowAlerts(t: TestApp, kind: TestDatabaseKind): Promise<void> {
  await t.database.dataSource.query(
    kind === 'sqlite' ? 'DROP TRIGGER refuse_alert' : 'DROP TRIGGER refuse_alert ON alerts',
  );
}
