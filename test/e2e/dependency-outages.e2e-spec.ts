import { once } from 'node:events';
import type { Server } from 'node:http';
import { performance } from 'node:perf_hooks';
import request from 'supertest';
import { isoWithMillis } from '../../src/common/time/timestamps.js';
import { FakeRedditServer, INSTANT } from '../fixtures/reddit/fake-reddit-server.js';
import { capturedLogger, type CapturedLogs } from '../utils/captured-logs.js';
import { bearer, TestApps, type TestApp } from '../utils/create-test-app.js';
import { FaultProxy, type OutageKind } from '../utils/fault-proxy.js';
import { graphqlAs, signInNewOperator } from '../utils/operator-session.js';
import {
  postsAcrossOutage,
  readEvery,
  recordFigure,
  slowest,
  timed,
  untilAnswers,
  type TimedAnswer,
} from '../utils/outage-scenario.js';
import { redditEnv } from '../utils/polling-app.js';
import { TEST_NOW } from '../utils/test-storage.js';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../utils/test-databases.js';
import { ReceiverPool } from '../utils/webhook-receiver.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const OUTAGE_KINDS: OutageKind[] = ['refused', 'blackholed'];
/** How long each outage lasts while a client reads, once every READ_EVERY_MS. */
const OUTAGE_MS = 3_000;
const READ_EVERY_MS = 200;
/** docs/operations.md: every request answers within a second, whatever is missing. */
const ANSWER_WITHIN_MS = 1_000;
const SINCE = isoWithMillis(TEST_NOW.getTime());

/** The app's HTTP server, listening on 127.0.0.1, so that many requests can be in flight at once. */
async function listening(t: TestApp): Promise<Server> {
  const server = t.app.getHttpServer() as Server;
  if (!server.listening) {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
  }
  return server;
}

const linesOf = (logs: CapturedLogs, message: string): number =>
  logs
    .text()
    .split('\n')
    .filter((line) => line.includes(message)).length;

/** One line when a background loop's turns start failing and one when they work again. */
function expectOneLinePerOutage(logs: CapturedLogs, loop: string): void {
  const failed = linesOf(logs, `"${loop} failed;`);
  expect(failed).toBeLessThanOrEqual(1);
  expect(linesOf(logs, `"${loop} works again"`)).toBe(failed);
}

describe.each(testDatabaseKinds())('dependency outages on %s', (kind) => {
  const apps = new TestApps(kind, { WEBHOOK_ALLOW_PRIVATE: 'true' });
  const receivers = new ReceiverPool();
  let reddit: FakeRedditServer;
  let logs: CapturedLogs;

  beforeEach(async () => {
    reddit = await FakeRedditServer.start({ realism: INSTANT, now: () => TEST_NOW.getTime() });
    logs = capturedLogger();
  });

  afterEach(async () => {
    await apps.closeAll();
    await receivers.closeAll();
    await reddit.close();
  });

  /** An instance that polls simulated Reddit and delivers on its own, as ROLE=all does. */
  const backgroundEnv = (env: Record<string, string>) => ({
    ...redditEnv(reddit, { INGEST_POLL_MS: '100' }),
    ROLE: 'all',
    ...env,
  });

  /**
   * Posts appear before, during and after an outage of `dependency` while `t` polls and
   * delivers: each reaches the receiver once, and the background loops log it once.
   */
  async function expectEveryPostDeliveredOnce(
    t: TestApp,
    dependency: string,
    outage: OutageKind,
    proxy: FaultProxy,
  ): Promise<void> {
    const across = await postsAcrossOutage(t, reddit, await receivers.start(), {
      begin: () => proxy.cut(outage),
      end: () => proxy.restore(),
      lastsMs: OUTAGE_MS,
    });

    expect([...across.delivered].sort()).toEqual([...across.posted].sort());
    expect(across.statuses).toEqual(across.posted.map(() => 'succeeded'));
    expectOneLinePerOutage(logs, 'Reddit poller');
    expectOneLinePerOutage(logs, 'delivery worker');
    recordFigure({
      database: kind,
      dependency,
      outage,
      posted: across.posted.length,
      delivered: across.delivered.length,
      settledAfterMs: Math.round(across.settledAfterMs),
    });
  }

  describe.each(OUTAGE_KINDS)('Redis %s', (outage) => {
    let redis: FaultProxy;

    beforeEach(async () => {
      redis = await FaultProxy.start(REDIS_URL, 6379);
    });

    afterEach(async () => {
      await redis.restore();
      await apps.closeAll();
      await redis.close();
    });

    it('answers every request without waiting on Redis, counts the limits per instance meanwhile, and shares them again once it is back', async () => {
      const env = { REDIS_URL: redis.viaProxy(REDIS_URL) };
      const first = await apps.start(env, { logger: logs.logger });
      const second = await apps.start(env, { databaseUrl: first.databaseUrl });
      const [firstServer, secondServer] = [await listening(first), await listening(second)];
      const read = (server: Server, apiKey: string) =>
        request(server).get('/api/v1/keywords').set(bearer(apiKey));
      const remaining = async (server: Server, apiKey: string) =>
        Number((await read(server, apiKey).expect(200)).headers['x-ratelimit-remaining']);
      const sharedKey = (await first.account()).apiKey;
      expect([
        await remaining(firstServer, sharedKey),
        await remaining(secondServer, sharedKey),
      ]).toEqual([59, 58]);

      redis.cut(outage);
      // Sign-in attempts are counted too, now in this instance's memory.
      const operator = await signInNewOperator(first, `ops-${outage}@example.com`);
      const { apiKey } = await first.account();
      const answers = await readEvery(
        [() => read(firstServer, apiKey), () => read(secondServer, apiKey)],
        READ_EVERY_MS,
        OUTAGE_MS,
      );
      const perInstanceKey = (await first.account()).apiKey;
      const firstAlone = await Promise.all(
        Array.from({ length: 61 }, () => timed(read(firstServer, perInstanceKey))),
      );
      const secondMeanwhile = await timed(read(secondServer, perInstanceKey));
      const ready = await request(firstServer).get('/health/ready');
      const notice = await graphqlAs(
        first,
        operator,
        '{ opsMissingDependencies { dependency since } }',
      );

      expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
      expect(slowest(answers)).toBeLessThan(ANSWER_WITHIN_MS);
      expect(firstAlone.filter((answer) => answer.status === 200)).toHaveLength(60);
      expect(firstAlone.filter((answer) => answer.status === 429)).toHaveLength(1);
      expect(secondMeanwhile.status).toBe(200);
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({
        status: 'degraded',
        database: 'up',
        redis: 'down',
        missing: [{ dependency: 'redis', since: SINCE }],
      });
      expect(notice.body).toEqual({
        data: { opsMissingDependencies: [{ dependency: 'redis', since: SINCE }] },
      });

      const linesDuring = outageLines();
      await redis.restore();
      const sharedAgainMs = await untilShared(firstServer);
      const linesAfter = outageLines();
      await untilShared(secondServer);
      const afterKey = (await first.account()).apiKey;
      expect([
        await remaining(firstServer, afterKey),
        await remaining(secondServer, afterKey),
      ]).toEqual([59, 58]);
      expect(linesDuring).toEqual({ lost: 1, back: 0 });
      expect(linesAfter).toEqual({ lost: 1, back: 1 });
      recordFigure({
        database: kind,
        dependency: 'redis',
        outage,
        answers: answers.length,
        statuses: [...new Set(answers.map((answer) => answer.status))],
        slowestMs: slowest(answers),
        slowestOf61AtOnceMs: slowest(firstAlone),
        sharedAgainMs: Math.round(sharedAgainMs),
      });
    });

    /** The lines the first instance logged when it lost Redis and when it had it back. */
    const outageLines = () => ({
      lost: linesOf(logs, 'Redis unreachable: rate limits are counted by each instance'),
      back: linesOf(logs, 'Redis reachable again: rate limits are shared'),
    });

    /** How long until /health/ready names Redis up again. */
    async function untilShared(server: Server): Promise<number> {
      const started = performance.now();
      while ((await request(server).get('/health/ready')).body.redis !== 'up') {
        if (performance.now() - started > 30_000) throw new Error('Redis never came back');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return performance.now() - started;
    }

    it('stores and delivers every post that appears across the outage, each once', async () => {
      const t = await apps.start(backgroundEnv({ REDIS_URL: redis.viaProxy(REDIS_URL) }), {
        logger: logs.logger,
      });

      await expectEveryPostDeliveredOnce(t, 'redis', outage, redis);
    });
  });

  if (kind === 'postgres') {
    it('answers a burst of requests many times the pool with 200s: load waits for connections, none is refused', async () => {
      const t = await apps.start();
      const server = await listening(t);
      const keys: string[] = [];
      for (let i = 0; i < 10; i += 1) keys.push((await t.account()).apiKey);

      const answers = await Promise.all(
        keys.flatMap((apiKey) =>
          Array.from({ length: 10 }, () =>
            timed(request(server).get('/api/v1/keywords').set(bearer(apiKey))),
          ),
        ),
      );

      expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
      recordFigure({ database: kind, burst: answers.length, slowestMs: slowest(answers) });
    });

    describe.each(OUTAGE_KINDS)('PostgreSQL %s', (outage) => {
      let postgres: FaultProxy;
      let database: TestDatabase;

      beforeEach(async () => {
        postgres = await FaultProxy.start(process.env.TEST_DATABASE_URL!, 5432);
        database = await createTestDatabase('postgres');
      });

      afterEach(async () => {
        await postgres.restore();
        await apps.closeAll();
        await database.drop();
        await postgres.close();
      });

      it('answers every request within a second with 503 unavailable and Retry-After, and serves again once the database is back', async () => {
        const t = await apps.start(
          {},
          { databaseUrl: postgres.viaProxy(database.url), logger: logs.logger },
        );
        const server = await listening(t);
        const { apiKey } = await t.account();
        const operator = await signInNewOperator(t, `ops-${outage}@example.com`);
        const read = () => request(server).get('/api/v1/keywords').set(bearer(apiKey));
        const graphqlRead = () =>
          request(server)
            .post('/graphql')
            .set(bearer(apiKey))
            .send({ query: '{ keywords { count } }' });
        const ready = () => request(server).get('/health/ready');
        await read().expect(200);

        postgres.cut(outage);
        // More at once than the pool has connections (20): none waits behind another.
        const burst = await Promise.all(Array.from({ length: 25 }, () => timed(read())));
        const answers = await readEvery([read, graphqlRead, ready], READ_EVERY_MS, OUTAGE_MS);
        const readiness = await ready();
        const notice = await graphqlAs(
          t,
          operator,
          '{ opsMissingDependencies { dependency since } }',
        );

        const unavailable = (answer: TimedAnswer) =>
          answer.status === 503 && answer.code === 'unavailable' && answer.retryAfter === '5';
        expect([...burst, ...answers].filter((answer) => !unavailable(answer))).toEqual([]);
        expect(slowest([...burst, ...answers])).toBeLessThan(ANSWER_WITHIN_MS);
        expect(readiness.body).toEqual({
          error: 'Database unreachable',
          code: 'unavailable',
          database: 'down',
          missing: [{ dependency: 'database', since: SINCE }],
        });
        expect(notice.status).toBe(503);
        expect(notice.body.errors[0]).toMatchObject({
          message: `The service is briefly unavailable: its database cannot be reached (since ${SINCE}). Try again in 5 seconds.`,
          extensions: { code: 'unavailable', status: 503 },
        });

        await postgres.restore();
        const servingAgainMs = await untilAnswers(read, 200);
        expect(servingAgainMs).toBeLessThan(ANSWER_WITHIN_MS);
        expect((await ready()).body).toEqual({ status: 'ok', database: 'up', missing: [] });
        expect(linesOf(logs, 'database unreachable: requests answer 503')).toBe(1);
        expect(linesOf(logs, 'database reachable again')).toBe(1);
        expect(linesOf(logs, '"msg":"unexpected')).toBe(0);
        recordFigure({
          database: kind,
          dependency: 'postgres',
          outage,
          answers: burst.length + answers.length,
          statuses: [...new Set([...burst, ...answers].map((answer) => answer.status))],
          slowestBurstMs: slowest(burst),
          slowestMs: slowest(answers),
          servingAgainMs: Math.round(servingAgainMs),
        });
      });

      it('stores and delivers every post that appears across the outage, each once', async () => {
        const t = await apps.start(backgroundEnv({}), {
          databaseUrl: postgres.viaProxy(database.url),
          logger: logs.logger,
        });

        await expectEveryPostDeliveredOnce(t, 'postgres', outage, postgres);
      }, 60_000);
    });
  }
});
