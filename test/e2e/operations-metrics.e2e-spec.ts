import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MetricsListener } from '../../src/modules/metrics/metrics-listener.js';
import { createKeyword } from '../factories/keyword.factory.js';
import { createWebhook } from '../factories/webhook.factory.js';
import { bearer, createTestApp, scrapeMetrics, type TestApp } from '../utils/create-test-app.js';
import { ingest, postItem, runDeliveries } from '../utils/delivery-scenario.js';
import { metricValue } from '../utils/polling-app.js';
import { freePort } from '../utils/ports.js';
import { accepts, startUntil } from '../utils/processes.js';
import { testDatabaseKinds } from '../utils/test-databases.js';
import { startWebhookReceiver, type WebhookReceiver } from '../utils/webhook-receiver.js';

describe.each(testDatabaseKinds())('operations metrics on %s', (kind) => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await createTestApp(kind, { WEBHOOK_ALLOW_PRIVATE: 'true' });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('counts requests and their latency per route template, method and status', async () => {
    const { apiKey } = await t.account();
    const unknownId = '0192f0c4-7d3e-7b1a-9c2d-3e4f5a6b7c8d';
    await t.http.get('/api/v1/keywords').set(bearer(apiKey)).expect(200);
    await t.http.get('/api/v1/keywords').set(bearer(apiKey)).expect(200);
    await t.http.delete(`/api/v1/keywords/${unknownId}`).set(bearer(apiKey)).expect(404);
    await t.http.get('/no/such/route').expect(404);

    const series = 'alerts_http_request_duration_seconds_count';
    expect(
      await metricValue(t, `${series}{method="GET",route="/api/v1/keywords",status="200"}`),
    ).toBe(2);
    expect(
      await metricValue(t, `${series}{method="DELETE",route="/api/v1/keywords/:id",status="404"}`),
    ).toBe(1);
    expect(await metricValue(t, `${series}{method="GET",route="unmatched",status="404"}`)).toBe(1);
    const text = await scrapeMetrics(t);
    expect(text).not.toContain(unknownId);
    expect(text).not.toContain('/no/such/route');
  });

  it('shows the outbox depth and the age of its oldest pending delivery', async () => {
    const { apiKey } = await t.account();
    await createKeyword(t, apiKey, 'outbox gauge');
    await createWebhook(t, apiKey, receiver.url);
    await ingest(
      t,
      [1, 2, 3].map((n) => postItem({ title: `outbox gauge ${n}` })),
    );
    t.clock.advance(90_000);

    expect(await metricValue(t, 'alerts_outbox_pending_deliveries')).toBe(3);
    expect(await metricValue(t, 'alerts_outbox_oldest_pending_age_seconds')).toBe(90);

    await runDeliveries(t);
    expect(await metricValue(t, 'alerts_outbox_pending_deliveries')).toBe(0);
    expect(await metricValue(t, 'alerts_outbox_oldest_pending_age_seconds')).toBe(0);
  });
});

const NOT_FOUND = { error: 'Route not found', code: 'not_found' };

describe('GET /metrics on the public port', () => {
  it('answers 404 as a path the service does not serve when METRICS_TOKEN is not set', async () => {
    const t = await createTestApp('sqlite', { METRICS_TOKEN: '' });
    try {
      const { apiKey } = await t.account();
      const unknownPath = await t.http.get('/no/such/path').expect(404);
      expect(unknownPath.body).toEqual(NOT_FOUND);
      for (const res of [
        await t.http.get('/metrics'),
        await t.http.get('/metrics').set(bearer('scrape-token-0123456789')),
        await t.http.get('/metrics').set(bearer(apiKey)),
      ]) {
        expect([res.status, res.body]).toEqual([404, NOT_FOUND]);
      }
    } finally {
      await t.close();
    }
  });

  it('answers only METRICS_TOKEN as a Bearer token when it is set', async () => {
    const token = 'scrape-token-0123456789';
    const t = await createTestApp('sqlite', { METRICS_TOKEN: token });
    try {
      const { apiKey } = await t.account();
      for (const res of [
        await t.http.get('/metrics'),
        await t.http.get('/metrics').set(bearer('scrape-token-wrong')),
        await t.http.get('/metrics').set(bearer(apiKey)),
      ]) {
        expect([res.status, res.body]).toEqual([
          401,
          { error: expect.any(String), code: 'unauthorized' },
        ]);
      }
      const res = await t.http.get('/metrics').set(bearer(token)).expect(200);
      expect(res.text).toMatch(/^# HELP /m);
    } finally {
      await t.close();
    }
  });
});

describe('METRICS_PORT: /metrics on a second listener bound to 127.0.0.1', () => {
  let t: TestApp;
  let port: number;
  const scrape = (path: string, init?: RequestInit) =>
    fetch(`http://127.0.0.1:${port}${path}`, init);

  beforeAll(async () => {
    t = await createTestApp('sqlite', { METRICS_TOKEN: '', METRICS_PORT: '0' });
    port = t.app.get(MetricsListener).port!;
  });
  afterAll(() => t.close());

  it("serves the app's metrics without a token, while the public port answers 404", async () => {
    await t.http.get('/health').expect(200);
    const res = await scrape('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(await res.text()).toMatch(
      /^alerts_http_request_duration_seconds_count\{method="GET",route="\/health",status="200"\} 1$/m,
    );
    expect((await t.http.get('/metrics').expect(404)).body).toEqual(NOT_FOUND);
  });

  it('serves nothing else: any other path or method is 404', async () => {
    const others: [string, string][] = [
      ['GET', '/'],
      ['GET', '/health'],
      ['GET', '/api/v1/keywords'],
      ['GET', '/api/v1/openapi.json'],
      ['GET', '/docs'],
      ['GET', '/graphql'],
      ['GET', '/metrics/'],
      ['GET', '/metrics/extra'],
      ['POST', '/metrics'],
      ['DELETE', '/metrics'],
    ];
    for (const [method, path] of others) {
      const res = await scrape(path, { method });
      expect([method, path, res.status, await res.json()]).toEqual([method, path, 404, NOT_FOUND]);
    }
  });

  it('listens on 127.0.0.1 only', async () => {
    expect(await accepts('127.0.0.1', port)).toBe(true);
    expect(await accepts('127.0.0.2', port)).toBe(false);
    expect(await accepts('::1', port)).toBe(false);
  });

  it('closes with the app', async () => {
    const other = await createTestApp('sqlite', { METRICS_PORT: '0' });
    const otherPort = other.app.get(MetricsListener).port!;
    expect(await accepts('127.0.0.1', otherPort)).toBe(true);
    await other.close();
    expect(await accepts('127.0.0.1', otherPort)).toBe(false);
  });
});

describe('METRICS_PORT in a worker process (ROLE=worker), as the server starts it', () => {
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (child !== undefined && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });

  it('serves /metrics on 127.0.0.1:METRICS_PORT while the public port, on every address, answers 404 there', async () => {
    const [publicPort, metricsPort] = [await freePort(), await freePort()];
    const server = startUntil(
      process.execPath,
      ['dist/src/main.js'],
      {
        DATABASE_URL: `sqlite:${join(mkdtempSync(join(tmpdir(), 'metrics-port-')), 'alerts.sqlite')}`,
        ROLE: 'worker',
        PORT: String(publicPort),
        METRICS_PORT: String(metricsPort),
        METRICS_TOKEN: '',
        LOG_LEVEL: 'info',
      },
      /"msg":"listening"/,
    );
    child = server.child;
    await server.started;
    expect(server.output()).toContain(`"host":"127.0.0.1","port":${metricsPort}`);

    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^# HELP alerts_outbox_pending_deliveries /m);
    const publicScrape = await fetch(`http://127.0.0.1:${publicPort}/metrics`);
    expect([publicScrape.status, await publicScrape.json()]).toEqual([404, NOT_FOUND]);
    // The public listener takes every address; the metrics one only 127.0.0.1.
    expect(await accepts('127.0.0.2', publicPort)).toBe(true);
    expect(await accepts('127.0.0.2', metricsPort)).toBe(false);

    child.kill('SIGTERM');
    await once(child, 'exit');
    expect(await accepts('127.0.0.1', metricsPort)).toBe(false);
  }, 60_000);
});
