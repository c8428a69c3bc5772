import { setTimeout } from 'node:timers/promises';
import { FakeRedditServer } from '../fixtures/reddit/fake-reddit-server.js';
import { capturedLogger, type CapturedLogs } from '../utils/captured-logs.js';
import type { TestApp } from '../utils/create-test-app.js';
import { createPollingApp, metricValue, pollFor } from '../utils/polling-app.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

const STALL_MS = 5_000;
const STALLED = 'Reddit poller stalled: no progress for';

describe.each(testDatabaseKinds())('a poller that makes no progress on %s', (kind) => {
  let reddit: FakeRedditServer;
  let logs: CapturedLogs;
  let t: TestApp;

  const start = async (env: Record<string, string> = {}) => {
    t = await createPollingApp(
      kind,
      reddit,
      { INGEST_STALL_MS: String(STALL_MS), ...env },
      { logger: logs.logger },
    );
  };
  const stalled = () => metricValue(t, 'alerts_reddit_poller_stalled');

  beforeEach(async () => {
    reddit = await FakeRedditServer.start();
    logs = capturedLogger();
  });

  afterEach(async () => {
    await t.close();
    await reddit.close();
  });

  it('is not stalled on a quiet stream: answers with nothing new are progress', async () => {
    await start();

    await pollFor(t, 3 * (STALL_MS / 1_000), 500);

    expect(await stalled()).toBe(0);
    expect(await metricValue(t, 'alerts_reddit_seconds_since_progress')).toBeLessThan(2);
    expect(logs.text()).not.toContain(STALLED);
  });

  it('shows in /metrics and the error log while Reddit fails, and says when it moves again', async () => {
    await start();
    await pollFor(t, 2, 500);
    reddit.startOutage();

    await pollFor(t, STALL_MS / 1_000 + 1, 500);

    expect(await stalled()).toBe(1);
    expect(await metricValue(t, 'alerts_reddit_seconds_since_progress')).toBeGreaterThanOrEqual(
      STALL_MS / 1_000,
    );
    expect(logs.text()).toMatch(
      /"level":50,.*"secondsSinceProgress":[5-7],"lastProgressAt":"[^"]+","msg":"Reddit poller stalled: no progress for [5-7] s"/,
    );

    reddit.endOutage();
    await pollFor(t, 5, 500);

    expect(await stalled()).toBe(0);
    expect(logs.text()).toContain('"msg":"Reddit poller makes progress again"');
  });

  it('shows while a poll hangs on a Reddit that never answers, without waiting for the poll', async () => {
    reddit.startHang();
    await start({ ROLE: 'worker' });

    // The background loop's first request is taken and never answered; time goes on.
    while (reddit.requests.length === 0) await setTimeout(10);
    t.clock.advance(STALL_MS + 1_000);
    await logs.logged(STALLED);

    expect(await stalled()).toBe(1);
    expect(logs.text()).toContain('"lastProgressAt":null');
    reddit.endHang();
  });
});
