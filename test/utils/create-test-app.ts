import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { pino, type Logger } from 'pino';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { AppModule } from '../../src/app.module.js';
import { FixedClock } from '../../src/common/time/clock.js';
import { loadConfig, type AppConfig } from '../../src/config/app-config.js';
import type { PlanName, Product } from '../../src/config/plans.js';
import { Database } from '../../src/database/database.js';
import { AccountsService } from '../../src/modules/accounts/accounts.service.js';
import { setupApp } from '../../src/setup-app.js';
import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from './test-databases.js';

export interface TestApp {
  app: INestApplication;
  http: TestAgent;
  clock: FixedClock;
  config: AppConfig;
  database: Database;
  databaseUrl: string;
  /** A new account with a fresh key; returns the key and account id. */
  account(plan?: PlanName, product?: Product): Promise<{ apiKey: string; accountId: string }>;
  close(): Promise<void>;
}

export const TEST_NOW = new Date('2026-11-21T10:00:00.000Z');

export interface TestAppOptions {
  /** Where the app's clock starts; tests that also run the admin command (real time) pass the real now. */
  now?: Date;
  /** Opens this existing database instead of a new one (a restart); close() then leaves it in place. */
  databaseUrl?: string;
  /** Where the app logs; silent by default. */
  logger?: Logger;
}

export async function createTestApp(
  kind: TestDatabaseKind,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const testDatabase: TestDatabase =
    options.databaseUrl === undefined
      ? await createTestDatabase(kind)
      : { url: options.databaseUrl, drop: () => Promise.resolve() };
  const config = loadConfig({
    DATABASE_URL: testDatabase.url,
    LOG_LEVEL: 'silent',
    ROLE: 'api',
    ...env,
  });
  const clock = new FixedClock(options.now ?? TEST_NOW);
  const moduleRef = await Test.createTestingModule({
    imports: [
      AppModule.forRoot({ config, clock, logger: options.logger ?? pino({ level: 'silent' }) }),
    ],
  }).compile();
  const app = moduleRef.createNestApplication({ bodyParser: false, logger: false });
  setupApp(app);
  try {
    await app.init();
  } catch (error) {
    // A refused start: let go of the database before saying so.
    await app.close().catch(() => undefined);
    if (options.databaseUrl === undefined) await testDatabase.drop();
    throw error;
  }
  const accounts = app.get(AccountsService);
  return {
    app,
    http: request.agent(app.getHttpServer()),
    clock,
    config,
    database: app.get(Database),
    databaseUrl: testDatabase.url,
    async account(plan = 'starter', product = 'alerts') {
      const { account, apiKey } = await accounts.createAccount({ plan, product });
      return { apiKey, accountId: account.id };
    },
    async close() {
      await app.close();
      await testDatabase.drop();
    },
  };
}

export const bearer = (apiKey: string) => ({ Authorization: `Bearer ${apiKey}` });
