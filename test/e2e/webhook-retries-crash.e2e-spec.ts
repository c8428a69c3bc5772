import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../utils/ports.js';
import { startUntil, waitFor } from '../utils/processes.js';
import { parseJsonLine, runAdmin } from '../utils/run-admin.js';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../utils/test-databases.js';
import { startWebhookReceiver, type WebhookReceiver } from '../utils/webhook-receiver.js';

const RETRY_AFTER_S = 8;
const DELIVERIES = 2;

interface Arrival {
  deliveryId: string;
  at: number;
}

/**
 * kill -9 while retries wait (decisions.md section 16): the real server process, its database
 * kept, started again; each retry must then happen once, at its time.
 */
describe.each(testDatabaseKinds())('retries across a kill -9 on %s', (kind) => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  const servers: ChildProcess[] = [];
  const arrivals: Arrival[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // The first attempt of each delivery is asked to come back in 8 s; the next one succeeds.
    receiver = await startWebhookReceiver((request, response) => {
      const deliveryId = String(request.headers['x-webhook-delivery']);
      const seen = arrivals.some((arrival) => arrival.deliveryId === deliveryId);
      arrivals.push({ deliveryId, at: Date.now() });
      if (seen) response.writeHead(200).end();
      else response.writeHead(503, { 'Retry-After': String(RETRY_AFTER_S) }).end();
    });
  });
  afterAll(async () => {
    for (const server of servers) {
      if (server.exitCode === null && server.signalCode === null) {
        server.kill('SIGKILL');
        await once(server, 'exit');
      }
    }
    await receiver.close();
    await database.drop();
  });

  it('makes each waiting retry once, at its time, after the server was killed and started again', async () => {
    const env = {
      DATABASE_URL: database.url,
      PORT: String(await freePort()),
      WEBHOOK_ALLOW_PRIVATE: 'true',
      LOG_LEVEL: 'info',
    };
    const base = `http://127.0.0.1:${env.PORT}`;
    const start = async () => {
      const server = startUntil(process.execPath, ['dist/src/main.js'], env, /"msg":"listening"/);
      servers.push(server.child);
      await server.started;
      return server.child;
    };
    const first = await start();

    const account = await runAdmin(['create-account', '--plan', 'starter'], env);
    const { api_key: key } = parseJsonLine(account.stdout) as { api_key: string };
    const auth = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, { method: 'POST', headers: auth, body: JSON.stringify(body) });
    expect((await post('/api/v1/keywords', { text: 'crash proof' })).status).toBe(201);
    const created = await post('/api/v1/webhooks', { url: receiver.url, retry_policy: 'standard' });
    const { data: webhook } = (await created.json()) as { data: { id: string } };

    const items = join(mkdtempSync(join(tmpdir(), 'retries-crash-')), 'items.ndjson');
    const now = Math.floor(Date.now() / 1000);
    writeFileSync(
      items,
      [1, 2]
        .map((n) =>
          JSON.stringify({
            id: `crash${n}`,
            title: `Is this crash proof, part ${n}?`,
            selftext: '',
            subreddit: 'testing',
            author: 'tester',
            score: 1,
            num_comments: 0,
            created_utc: now,
            permalink: `/r/testing/comments/crash${n}/`,
          }),
        )
        .join('\n'),
    );
    expect(parseJsonLine((await runAdmin(['ingest', items], env)).stdout)).toMatchObject({
      alerts: DELIVERIES,
    });

    // Both first attempts failed and their retries were recorded: then the process dies.
    const waitingRetries = async () => {
      const res = await fetch(`${base}/api/v1/webhooks/${webhook.id}/deliveries`, {
        headers: auth,
      });
      const { data } = (await res.json()) as { data: { next_attempt_at: string | null }[] };
      return data.length === DELIVERIES && data.every((entry) => entry.next_attempt_at !== null);
    };
    await waitFor(waitingRetries, 15_000, 'the retries to be scheduled');
    first.kill('SIGKILL');
    await once(first, 'exit');
    expect(arrivals).toHaveLength(DELIVERIES);

    await start();
    // A retry due while no server ran is made as soon as one runs again.
    const servingAgainAt = Date.now();
    await waitFor(() => arrivals.length >= 2 * DELIVERIES, 20_000, 'the retries');
    // Long enough for any second retry (or a resend of a lost claim) to show up.
    await sleep(3_000);

    expect(arrivals).toHaveLength(2 * DELIVERIES);
    for (const [index, firstArrival] of arrivals.slice(0, DELIVERIES).entries()) {
      const again = arrivals.filter((arrival) => arrival.deliveryId === firstArrival.deliveryId);
      expect([index, again.length]).toEqual([index, 2]);
      const waited = again[1].at - again[0].at;
      // Not before Retry-After (less the first answer's own trip), and within a poll or two of
      // it, or of the restart when the server was still starting at its time.
      expect(waited).toBeGreaterThanOrEqual(RETRY_AFTER_S * 1000 - 100);
      const dueAt = Math.max(again[0].at + RETRY_AFTER_S * 1000, servingAgainAt);
      expect(again[1].at - dueAt).toBeLessThanOrEqual(1_500);
    }
    const log = await fetch(`${base}/api/v1/webhooks/${webhook.id}/deliveries`, { headers: auth });
    const { data } = (await log.json()) as { data: { status: string; attempts: number }[] };
    expect(data.map((entry) => [entry.status, entry.attempts])).toEqual([
      ['succeeded', 2],
      ['succeeded', 2],
    ]);
  }, 90_000);
});
