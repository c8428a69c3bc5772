import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { pino, type Logger } from 'pino';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { FixedClock } from '../../src/common/time/clock.js';
import { loadConfig, type AppConfig } from '../../src/config/app-config.js';
import type { PlanName, Product } from '../../src/config/plans.js';
import { Database } from '../../src/database/database.js';
import { AccountsService } from '../../src/modules/accounts/accounts.service.js';
import type { KeywordIndexThread } from '../../src/modules/matching/thread/keyword-index-thread.js';
import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from './test-databases.js';
import { TEST_PASSWORD_HASH_ENV } from './test-password-cost.js';
import { TEST_NOW } from './test-storage.js';

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

export interface TestAppOptions {
  /** Where the app's clock starts; tests that also run the admin command (real time) pass the real now. */
  now?: Date;
  /**
   * Opens this existing database instead of a new one: a restart, or another instance on the
   * database of a running app. close() then leaves it in place.
   */
  databaseUrl?: string;
  /** Where the app logs; silent by default. */
  logger?: Logger;
  /** The keyword index thread the app matches on (keyword-index-thread.ts); in-process by default. */
  keywordIndexThread?: KeywordIndexThread;
}

/**
 * The app's own modules load with the first app a test file boots, so the specs of services and
 * stores, whose data builders import this file, do not load the whole app.
 */
async function loadApp() {
  const [{ Test }, { AppModule }, { setupApp }] = await Promise.all([
    import('@nestjs/testing'),
    import('../../src/app.module.js'),
    import('../../src/setup-app.js'),
  ]);
  return { Test, AppModule, setupApp };
}

/**
 * Boots the real app over HTTP on a database of its own, already migrated (a copy of this run's
 * template), unless `options.databaseUrl` names one to share.
 */
export async function createTestApp(
  kind: TestDatabaseKind,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const { Test, AppModule, setupApp } = await loadApp();
  const testDatabase: TestDatabase =
    options.databaseUrl === undefined
      ? await createTestDatabase(kind)
      : { url: options.databaseUrl, drop: () => Promise.resolve() };
  const config = loadConfig({
    DATABASE_URL: testDatabase.url,
    LOG_LEVEL: 'silent',
    ROLE: 'api',
    METRICS_TOKEN: TEST_METRICS_TOKEN,
    ...TEST_PASSWORD_HASH_ENV,
    ...env,
  });
  const clock = new FixedClock(options.now ?? TEST_NOW);
  const moduleRef = await Test.createTestingModule({
    imports: [
      AppModule.forRoot({
        config,
        clock,
        logger: options.logger ?? pino({ level: 'silent' }),
        keywordIndexThread: options.keywordIndexThread,
      }),
    ],
  }).compile();
  const app = moduleRef.createNestApplication({ bodyParser: false, logger: false });
  setupApp(app);
  try {
    await app.init();
  } catch (error) {
    // A refused start: let go of the database before saying so.
    await app.close().catch(() => undefined);
    await testDatabase.drop();
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

/**
 * The apps a test starts, closed together: those sharing a database first, the one that owns
 * (and drops) it last.
 */
export class TestApps {
  private readonly started: TestApp[] = [];

  constructor(
    private readonly kind: TestDatabaseKind,
    private readonly env: Record<string, string> = {},
  ) {}

  async start(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
    const app = await createTestApp(this.kind, { ...this.env, ...env }, options);
    this.started.push(app);
    return app;
  }

  /** Closes one of them now (a crash, a restart). */
  async close(app: TestApp): Promise<void> {
    this.started.splice(this.started.indexOf(app), 1);
    await app.close();
  }

  async closeAll(): Promise<void> {
    for (const app of this.started.splice(0).reverse()) await app.close();
  }
}

export const bearer = (apiKey: string) => ({ Authorization: `Bearer ${apiKey}` });

/**
 * Test apps' METRICS_TOKEN, without which GET /metrics on the public port answers 404; pass
 * `METRICS_TOKEN: ''` for an app without one.
 */
export const TEST_METRICS_TOKEN = 'test-metrics-token-0123456789';

/** GET /metrics on the public port, as a Prometheus given the app's METRICS_TOKEN scrapes it. */
export async function scrapeMetrics(t: TestApp): Promise<string> {
  const { text } = await t.http
    .get('/metrics')
    .set(bearer(t.config.metricsToken ?? ''))
    .expect(200);
  return text;
}
