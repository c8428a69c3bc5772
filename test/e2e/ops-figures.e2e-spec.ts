import { DeliveryWorker } from '../../src/modules/delivery/delivery.worker.js';
import { FigureSamplingService } from '../../src/modules/ops/figures/figure-sampling.service.js';
import { INSTANCE_ID } from '../../src/modules/ops/figures/instance-id.js';
import { minuteStart } from '../../src/modules/ops/figures/sampled-figures.js';
import { UsersService } from '../../src/modules/users/users.service.js';
import { createKeyword } from '../factories/keyword.factory.js';
import { createWebhook } from '../factories/webhook.factory.js';
import { FakeRedditServer, INSTANT } from '../fixtures/reddit/fake-reddit-server.js';
import request from 'supertest';
import { isoWithMillis } from '../../src/common/time/timestamps.js';
import { bearer, type TestApp } from '../utils/create-test-app.js';
import { expectGraphqlError } from '../utils/graphql.js';
import {
  graphqlAs,
  signInAs,
  signInNewOperator,
  type DashboardSession,
} from '../utils/operator-session.js';
import { createPollingApp, metricValue, pollOnce } from '../utils/polling-app.js';
import { testDatabaseKinds } from '../utils/test-databases.js';
import {
  answerWith,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../utils/webhook-receiver.js';

const INGESTION = `{ opsIngestion {
  asOf
  poller { state reason leaseHolder instances }
  credentials { label requestsPerMinute budgetPerMinute rateLimitedLastHour tokenExpiresAt }
  coverage { idsAsked idsFound idsGivenUp idsDropped itemsHanded percent }
  walkBehind { kind ids lagSeconds }
  lag { alerts p50Seconds p95Seconds }
  series { minute itemsPerSecond alertsPerSecond }
  stages { stage count p50Seconds p95Seconds }
} }`;
const DELIVERY = `{ opsDelivery {
  asOf
  outbox { depth oldestPendingAgeSeconds }
  slots { peakInUse capacity instances }
  attemptsLastHour { succeeded failed }
  failingWebhooks { webhookId accountId host consecutiveFailures lastError lastDeliveryAt }
  series { minute succeeded failed }
} }`;

interface IngestionBody {
  poller: { state: string; leaseHolder: string | null; instances: string[] };
  credentials: {
    label: string;
    requestsPerMinute: number;
    budgetPerMinute: number | null;
    rateLimitedLastHour: number;
    tokenExpiresAt: string | null;
  }[];
  coverage: { itemsHanded: number; idsGivenUp: number; percent: number | null };
  lag: { alerts: number; p50Seconds: number | null; p95Seconds: number | null };
  series: { minute: string; itemsPerSecond: number; alertsPerSecond: number }[];
  stages: { stage: string; count: number; p50Seconds: number | null; p95Seconds: number | null }[];
}

interface DeliveryBody {
  outbox: { depth: number };
  slots: { capacity: number; instances: number };
  attemptsLastHour: { succeeded: number; failed: number };
  failingWebhooks: {
    accountId: string;
    host: string;
    consecutiveFailures: number;
    lastError: string | null;
  }[];
  series: { minute: string; succeeded: number; failed: number }[];
}

/** Reddit's API requests the simulator answered (token requests aside). */
const apiRequests = (reddit: FakeRedditServer) =>
  ['/r/all/new', '/r/all/comments', '/api/info'].reduce(
    (sum, path) => sum + (reddit.counts.byPath.get(path) ?? 0),
    0,
  );

describe.each(testDatabaseKinds())('operator console figures on %s', (kind) => {
  let reddit: FakeRedditServer;
  let t: TestApp;
  let operator: DashboardSession;
  let accountId: string;
  let apiKey: string;
  let healthy: WebhookReceiver;
  let broken: WebhookReceiver;

  beforeAll(async () => {
    reddit = await FakeRedditServer.start({ realism: INSTANT });
    t = await createPollingApp(kind, reddit, { WEBHOOK_ALLOW_PRIVATE: 'true' });
    operator = await signInNewOperator(t, 'ops@example.com');
    ({ accountId, apiKey } = await t.account('pro'));
    healthy = await startWebhookReceiver(answerWith(200));
    broken = await startWebhookReceiver(answerWith(500));
  });

  afterAll(async () => {
    await t.close();
    await reddit.close();
    await healthy.close();
    await broken.close();
  });

  it('refuses both pages to a user session and an API key (403 forbidden), and to nobody (401)', async () => {
    const member = await t.app.get(UsersService).createUser(accountId, 'member@example.com');
    const user = await signInAs(t, 'member@example.com', member.password);
    for (const query of [INGESTION, DELIVERY]) {
      expectGraphqlError(await graphqlAs(t, user, query), 'forbidden', 403, 403);
      expectGraphqlError(
        await request(t.app.getHttpServer()).post('/graphql').set(bearer(apiKey)).send({ query }),
        'forbidden',
        403,
        403,
      );
      expectGraphqlError(
        await request(t.app.getHttpServer()).post('/graphql').send({ query }),
        'unauthorized',
        401,
        401,
      );
    }
  });

  it('shows what was sampled: polling, coverage, lag, attempts and failing webhooks, as /metrics counts them', async () => {
    await createKeyword(t, apiKey, 'figure probe');
    await createWebhook(t, apiKey, healthy.url);
    const failing = await createWebhook(t, apiKey, broken.url);
    const minute = minuteStart(t.clock.nowMs());
    // Created 4 s before the poll that stores them (created_utc is whole seconds).
    t.clock.advance(-4_000);
    for (let i = 0; i < 3; i += 1) reddit.addPost({ title: `figure probe ${i}` });
    reddit.addPost({ title: 'nothing to see' });
    t.clock.advance(4_000);
    await pollOnce(t);
    await t.app.get(DeliveryWorker).runOnce();

    const report = await t.app.get(FigureSamplingService).sampleMinute(minute);
    expect(report.failed).toBe(false);
    t.clock.advance(60_000);

    const ingestion = await figures<IngestionBody>(INGESTION, 'opsIngestion');
    const instance = t.app.get<string>(INSTANCE_ID);
    expect(ingestion.poller).toMatchObject({
      state: 'on',
      leaseHolder: instance,
      instances: [instance],
    });
    expect(ingestion.credentials).toEqual([
      {
        label: '#1 clie…',
        requestsPerMinute: apiRequests(reddit),
        budgetPerMinute: 100,
        rateLimitedLastHour: 0,
        tokenExpiresAt: expect.stringMatching(/^2026-11-21T1\d:/) as unknown,
      },
    ]);
    expect(ingestion.coverage).toMatchObject({ itemsHanded: 4, idsGivenUp: 0, percent: 100 });
    expect(ingestion.coverage.itemsHanded).toBe(
      await metricValue(t, 'alerts_reddit_items_seen_total'),
    );
    expect(ingestion.lag).toEqual({ alerts: 3, p50Seconds: 4, p95Seconds: 4 });
    // The test's clock stands still during the poll and the deliveries: every stage but the first
    // took 0 s. The four posts were asked 3.5 s after the middle of their created_utc second,
    // inside the (3, 4] s bucket, and the percentiles interpolate within it.
    expect(ingestion.stages.map(({ stage, count }) => [stage, count])).toEqual([
      ['created_to_asked', 4],
      ['asked_to_answered', 4],
      ['answered_to_handed', 4],
      ['handed_to_stored', 4],
      ['stored_to_claimed', 6],
      ['claimed_to_sent', 6],
    ]);
    const [asked, ...rest] = ingestion.stages;
    expect(asked.p50Seconds).toBeCloseTo(3.5, 6);
    expect(asked.p95Seconds).toBeCloseTo(3.95, 6);
    for (const stage of rest) expect(stage.p95Seconds).toBeLessThan(0.01);
    expect(ingestion.series).toHaveLength(1440);
    expect(ingestion.series.at(-1)).toEqual({
      minute: isoWithMillis(minute),
      itemsPerSecond: 4 / 60,
      alertsPerSecond: 3 / 60,
    });

    const delivery = await figures<DeliveryBody>(DELIVERY, 'opsDelivery');
    expect(delivery.attemptsLastHour).toEqual({ succeeded: 3, failed: 3 });
    const scraped = await t.http.get('/metrics').set(bearer(t.config.metricsToken ?? ''));
    expect(scraped.text).toContain('alerts_webhook_deliveries_total{outcome="succeeded"} 3');
    expect(scraped.text).toContain('alerts_webhook_deliveries_total{outcome="failed"} 3');
    expect(delivery.series.at(-1)).toMatchObject({ succeeded: 3, failed: 3 });
    expect(delivery.outbox.depth).toBe(0);
    expect(delivery.slots).toMatchObject({ capacity: 64, instances: 1 });
    expect(delivery.failingWebhooks).toEqual([
      {
        webhookId: failing.id,
        accountId,
        host: new URL(broken.url).host,
        consecutiveFailures: 3,
        lastError: expect.stringContaining('500') as unknown,
        lastDeliveryAt: expect.any(String) as unknown,
      },
    ]);
  });

  if (kind === 'postgres') {
    it('shows the same figures on two instances of one database: one polls, the other delivers', async () => {
      const second = await createPollingApp(
        kind,
        reddit,
        { WEBHOOK_ALLOW_PRIVATE: 'true' },
        { databaseUrl: t.databaseUrl, now: t.clock.now() },
      );
      try {
        const onSecond = await signInNewOperator(second, 'ops-2@example.com');
        const minute = minuteStart(t.clock.nowMs());
        for (let i = 0; i < 2; i += 1) reddit.addPost({ title: `figure probe again ${i}` });
        expect(await pollOnce(second)).toEqual({
          status: 'skipped',
          reason: 'another-instance-polls',
        });
        expect(await pollOnce(t)).toMatchObject({ status: 'polled', posts: 2 });
        await second.app.get(DeliveryWorker).runOnce();
        for (const app of [t, second]) {
          expect(await app.app.get(FigureSamplingService).sampleMinute(minute)).toMatchObject({
            failed: false,
          });
          app.clock.advance(60_000);
        }

        const first = t.app.get<string>(INSTANCE_ID);
        const other = second.app.get<string>(INSTANCE_ID);
        for (const [query, field] of [
          [INGESTION, 'opsIngestion'],
          [DELIVERY, 'opsDelivery'],
        ]) {
          const here = await figures(query, field);
          const there = await figures(query, field, second, onSecond);
          expect(there).toEqual(here);
        }
        const ingestion = await figures<IngestionBody>(INGESTION, 'opsIngestion', second, onSecond);
        expect(ingestion.poller).toMatchObject({
          state: 'on',
          leaseHolder: first,
          instances: [first, other].sort(),
        });
        expect(ingestion.series.at(-1)).toMatchObject({
          itemsPerSecond: 2 / 60,
          alertsPerSecond: 2 / 60,
        });
        const delivery = await figures<DeliveryBody>(DELIVERY, 'opsDelivery', second, onSecond);
        expect(delivery.series.at(-1)).toMatchObject({ succeeded: 2, failed: 2 });
        expect(delivery.slots).toMatchObject({ capacity: 128, instances: 2 });
      } finally {
        await second.app.close();
      }
    });
  }

  async function figures<T>(
    query: string,
    field: string,
    on: TestApp = t,
    session: DashboardSession = operator,
  ): Promise<T> {
    const res = await graphqlAs(on, session, query);
    expect(res.body.errors).toBeUndefined();
    return (res.body as { data: Record<string, T> }).data[field];
  }
});
