import 'reflect-metadata';
import type { INestApplication, Provider, Type } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { getStorageToken, ThrottlerStorageService } from '@nestjs/throttler';
import { pino } from 'pino';
import request from 'supertest';
import { applyHttpEdge } from '../../src/common/http/http-edge.js';
import { Clock, FixedClock } from '../../src/common/time/clock.js';
import { APP_CONFIG, loadConfig } from '../../src/config/app-config.js';
import type { Product } from '../../src/config/plans.js';
import { Database } from '../../src/database/database.js';
import { AccountEntity } from '../../src/modules/accounts/account.entity.js';
import { hashApiKey } from '../../src/modules/accounts/api-key-secret.js';
import { ApiKeyEntity } from '../../src/modules/accounts/api-key.entity.js';
import { AccountStore } from '../../src/modules/accounts/account.store.js';
import { ApiKeyAuthenticator } from '../../src/modules/auth/api-key-authenticator.service.js';
import { ApiKeyGuard } from '../../src/modules/auth/api-key.guard.js';
import { AuthFailureLimiter } from '../../src/modules/auth/auth-failure-limiter.service.js';
import { RequestAuthenticator } from '../../src/modules/auth/request-authenticator.service.js';
import { SessionAuthenticator } from '../../src/modules/auth/session-authenticator.js';
import { TEST_NOW } from './test-storage.js';

/** The two keys the harness knows: one of an active Alerts account, one of an active App project. */
export const ALERTS_KEY = `alr_${'a'.repeat(43)}`;
export const APP_KEY = `app_${'b'.repeat(43)}`;
export const ALERTS_ACCOUNT_ID = '00000000-0000-4000-8000-00000000a1e7';
export const APP_ACCOUNT_ID = '00000000-0000-4000-8000-000000000a99';

export const bearer = (apiKey: string) => ({ Authorization: `Bearer ${apiKey}` });

/** An error body as the spec gives it: a human message and a stable code. */
export const errorBody = (code: string, error: unknown = expect.any(String)) => ({ error, code });

function storedAccount(id: string, product: Product): AccountEntity {
  return Object.assign(new AccountEntity(), {
    id,
    name: `${product} account`,
    product,
    plan: 'starter',
    status: 'active',
    createdAt: TEST_NOW.getTime(),
    updatedAt: TEST_NOW.getTime(),
    changeSeq: 0,
  });
}

function storedKey(apiKey: string, accountId: string): ApiKeyEntity {
  return Object.assign(new ApiKeyEntity(), {
    id: `key-of-${accountId}`,
    accountId,
    keyHash: hashApiKey(apiKey),
    keyPrefix: apiKey.slice(0, 10),
    createdAt: TEST_NOW.getTime(),
    revokedAt: null,
    scope: 'write',
    expiresAt: null,
    // Used just now, so authenticating records nothing (no write to fake).
    lastUsedAt: TEST_NOW.getTime(),
  });
}

/**
 * The only reads the real ApiKeyAuthenticator makes (through the real AccountStore), answered from the two accounts above: the
 * key check, the product check and the plan check run as in the app, without a database.
 */
function keyStore(): Pick<Database, 'manager'> {
  const accounts = [
    storedAccount(ALERTS_ACCOUNT_ID, 'alerts'),
    storedAccount(APP_ACCOUNT_ID, 'app'),
  ];
  const keys = [storedKey(ALERTS_KEY, ALERTS_ACCOUNT_ID), storedKey(APP_KEY, APP_ACCOUNT_ID)];
  const findOneBy = (entity: unknown, where: Record<string, unknown>) => {
    if (entity === ApiKeyEntity) return keys.find((key) => key.keyHash === where.keyHash) ?? null;
    if (entity === AccountEntity) return accounts.find((row) => row.id === where.id) ?? null;
    throw new Error(`The controller harness stores no ${String(entity)}`);
  };
  const manager = {
    findOneBy: (entity: unknown, where: Record<string, unknown>) =>
      Promise.resolve(findOneBy(entity, where)),
  };
  return { manager } as unknown as Pick<Database, 'manager'>;
}

/** A stand-in for `type` whose every method is a jest mock answering undefined until told. */
export function mockOf<T extends object>(type: Type<T>): jest.Mocked<T> {
  const mock: Record<string, jest.Mock> = {};
  for (const name of Object.getOwnPropertyNames(type.prototype)) {
    if (name !== 'constructor') mock[name] = jest.fn();
  }
  return mock as unknown as jest.Mocked<T>;
}

export interface ControllerHarness {
  app: INestApplication;
  /** Requests to the controller; each starts a request of its own. */
  http: ReturnType<typeof request>;
  close(): Promise<void>;
}

export interface ControllerHarnessOptions {
  /** Where the app mounts the controller's module: 'api/v1' for the public REST API. */
  prefix?: string;
}

/**
 * One controller behind the app's real edge (body parsing, validation pipe, error filter) and its
 * real API key guard, with `providers` standing in for the services: the rules a request meets
 * before any service runs, tested in milliseconds (immich's controllerSetup does the same).
 */
export async function controllerHarness(
  controller: Type,
  providers: Provider[],
  options: ControllerHarnessOptions = {},
): Promise<ControllerHarness> {
  const logger = pino({ level: 'silent' });
  const moduleRef = await Test.createTestingModule({
    controllers: [controller],
    providers: [
      { provide: APP_CONFIG, useValue: loadConfig({ LOG_LEVEL: 'silent' }) },
      { provide: Clock, useValue: new FixedClock(TEST_NOW) },
      { provide: Database, useValue: keyStore() },
      { provide: getStorageToken(), useClass: ThrottlerStorageService },
      { provide: SessionAuthenticator, useValue: mockOf(SessionAuthenticator as Type) },
      AccountStore,
      ApiKeyAuthenticator,
      AuthFailureLimiter,
      RequestAuthenticator,
      { provide: APP_GUARD, useClass: ApiKeyGuard },
      ...providers,
    ],
  }).compile();
  const app = moduleRef.createNestApplication({ bodyParser: false, logger: false });
  if (options.prefix) app.setGlobalPrefix(options.prefix);
  applyHttpEdge(app, logger);
  await app.init();
  return {
    app,
    http: request(app.getHttpServer()),
    close: () => app.close(),
  };
}

/** A controller spec's harness, built before its tests and closed after them. */
export interface ControllerSpec {
  /** Requests to the controller (valid once the spec's beforeAll has run). */
  readonly http: ReturnType<typeof request>;
}

/**
 * Registers a controller spec's hooks: the harness built before the tests, closed after, every
 * mock reset before each test.
 */
export function controllerSpec(
  controller: Type,
  providers: Provider[],
  options: ControllerHarnessOptions = {},
): ControllerSpec {
  let harness: ControllerHarness | undefined;
  beforeAll(async () => {
    harness = await controllerHarness(controller, providers, options);
  });
  afterAll(() => harness?.close());
  beforeEach(() => jest.resetAllMocks());
  return {
    get http() {
      if (!harness) throw new Error('controllerSpec: http read before the harness was built');
      return harness.http;
    },
  };
}

export type Route = readonly ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];

const WRONG_PRODUCT_MESSAGES = {
  alerts: 'This key belongs to an App project; use an Alerts API key',
  app: 'This key belongs to the Alerts product; use an App project key',
};

/**
 * The key rules every route of a product meets before its service runs: 401 unauthorized without
 * a key, 403 wrong_product with the other product's key, and no service called either way.
 */
export function itTakesOnlyKeysOf(
  product: 'alerts' | 'app',
  spec: ControllerSpec,
  routes: readonly Route[],
  services: readonly object[],
): void {
  const send = ([method, path]: Route) => {
    const req = spec.http[method.toLowerCase() as 'get'](path);
    return method === 'GET' || method === 'DELETE' ? req : req.send({ name: 'n', keywords: ['k'] });
  };
  const expectNoServiceCalled = () => {
    for (const service of services) {
      for (const method of Object.values(service) as jest.Mock[]) {
        expect(method).not.toHaveBeenCalled();
      }
    }
  };
  const otherKey = product === 'alerts' ? APP_KEY : ALERTS_KEY;

  it.each(routes)('answers %s %s without a key with 401 unauthorized', async (...route) => {
    const res = await send(route);
    expect([res.status, res.body]).toEqual([
      401,
      errorBody('unauthorized', 'Missing or invalid API key'),
    ]);
    expectNoServiceCalled();
  });

  it.each(routes)(
    "refuses the other product's key on %s %s with 403 wrong_product",
    async (...route) => {
      const res = await send(route).set(bearer(otherKey));
      expect([res.status, res.body]).toEqual([
        403,
        errorBody('wrong_product', WRONG_PRODUCT_MESSAGES[product]),
      ]);
      expectNoServiceCalled();
    },
  );
}

/**
 * The edge's rule for request bodies: one sent with another Content-Type than JSON is refused
 * with 422 invalid_body saying so, before the service is called.
 */
export function itWantsJsonBodies(
  spec: ControllerSpec,
  path: string,
  apiKey: string,
  bodies: readonly (readonly [contentType: string, raw: string])[],
  untouched: () => unknown,
): void {
  it.each(bodies)(
    'says a body sent as %s must be sent as JSON, and does nothing',
    async (type, raw) => {
      const res = await spec.http
        .post(path)
        .set(bearer(apiKey))
        .set('Content-Type', type)
        .send(raw);
      expect([res.status, res.body]).toEqual([
        422,
        errorBody('invalid_body', 'Expected a JSON body sent with Content-Type: application/json'),
      ]);
      expect(untouched()).not.toHaveBeenCalled();
    },
  );
}
