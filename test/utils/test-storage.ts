import { DataSource } from 'typeorm';
import { FixedClock } from '../../src/common/time/clock.js';
import { buildDataSourceOptions } from '../../src/database/data-source-options.js';
import { Database } from '../../src/database/database.js';
import { createTestDatabase, type TestDatabaseKind } from './test-databases.js';

/** Where every test's clock starts unless it says otherwise. */
export const TEST_NOW = new Date('2026-11-21T10:00:00.000Z');

/** What the data builders write through: a migrated database and the clock of the code under test. */
export interface TestStorage {
  database: Database;
  clock: FixedClock;
}

export interface OpenTestStorage extends TestStorage {
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * A migrated database of its own, opened as the app opens it but without the app: for the specs
 * of services and stores, which construct what they test on it.
 */
export async function openTestStorage(
  kind: TestDatabaseKind,
  now: Date = TEST_NOW,
): Promise<OpenTestStorage> {
  const testDatabase = await createTestDatabase(kind);
  const dataSource = new DataSource(buildDataSourceOptions(testDatabase.url));
  try {
    await dataSource.initialize();
    const database = await Database.open(dataSource);
    return {
      database,
      databaseUrl: testDatabase.url,
      clock: new FixedClock(now),
      async close() {
        await database.onApplicationShutdown();
        await dataSource.destroy();
        await testDatabase.drop();
      },
    };
  } catch (error) {
    if (dataSource.isInitialized) await dataSource.destroy();
    await testDatabase.drop();
    throw error;
  }
}
