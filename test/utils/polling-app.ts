import type { FakeRedditServer } from '../fixtures/reddit/fake-reddit-server.js';
import { IngestionPipeline } from '../../src/modules/ingestion/ingestion-pipeline.service.js';
import {
  RedditPollingWorker,
  type PollResult,
} from '../../src/modules/ingestion/polling/reddit-polling.worker.js';
import {
  createTestApp,
  scrapeMetrics,
  type TestApp,
  type TestAppOptions,
} from './create-test-app.js';
import type { TestDatabaseKind } from './test-databases.js';

export const TEST_USER_AGENT = 'node:alerts-e2e:v1 (by /u/alerts-tests)';

/** The environment that points the app's poller at a simulated Reddit. */
export function redditEnv(
  reddit: FakeRedditServer,
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    REDDIT_CLIENT_ID: 'client-a',
    REDDIT_CLIENT_SECRET: 'secret-a',
    REDDIT_API_BASE: reddit.baseUrl,
    REDDIT_AUTH_BASE: reddit.baseUrl,
    REDDIT_USER_AGENT: TEST_USER_AGENT,
    INGEST_POLL_MS: '2000',
    ...overrides,
  };
}

/** An app whose poller reads simulated Reddit, which in turn reads the app's clock. */
export async function createPollingApp(
  kind: TestDatabaseKind,
  reddit: FakeRedditServer,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const app = await createTestApp(kind, redditEnv(reddit, env), options);
  reddit.useClock(() => app.clock.nowMs());
  return app;
}

export function pollOnce(t: TestApp): Promise<PollResult> {
  return t.app.get(RedditPollingWorker).pollOnce();
}

/**
 * Runs the poller the way its background loop does, on the test's clock: `seconds` of simulated
 * time in steps of `stepMs`, one poll per step. Simulated Reddit reads the same clock.
 */
export async function pollFor(t: TestApp, seconds: number, stepMs = 250): Promise<PollResult[]> {
  const results: PollResult[] = [];
  for (let elapsed = 0; elapsed < seconds * 1_000; elapsed += stepMs) {
    results.push(await pollOnce(t));
    t.clock.advance(stepMs);
  }
  return results;
}

/**
 * For a poller running on its own (a worker): resolves once `condition` holds, looking again each
 * time the app's pipeline has finished a batch, so nothing waits on a timer.
 */
export async function afterIngesting(t: TestApp, condition: () => Promise<boolean>): Promise<void> {
  const pipeline = t.app.get(IngestionPipeline);
  const process = pipeline.process.bind(pipeline);
  let batches = 0;
  let batchDone = (): void => undefined;
  const spy = jest.spyOn(pipeline, 'process').mockImplementation(async (batch) => {
    try {
      return await process(batch);
    } finally {
      batches += 1;
      batchDone();
    }
  });
  try {
    for (;;) {
      const before = batches;
      if (await condition()) return;
      if (batches === before) await new Promise<void>((resolve) => (batchDone = resolve));
    }
  } finally {
    spy.mockRestore();
  }
}

/** The value of one sample in GET /metrics (`name` may carry labels), or null when absent. */
export async function metricValue(t: TestApp, name: string): Promise<number | null> {
  const text = await scrapeMetrics(t);
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name} `));
  return line === undefined ? null : Number(line.slice(name.length + 1));
}

/** Every item key the pipeline has claimed (t3_… / t1_…), with when. */
export async function seenItems(t: TestApp): Promise<Map<string, number>> {
  const rows = await t.database.query<{ item_key: string; seen_at: number | string }>(
    t.database.manager,
    'SELECT item_key, seen_at FROM seen_items',
  );
  return new Map(rows.map((row) => [row.item_key, Number(row.seen_at)]));
}

/** Visible items simulated Reddit created between two moments (epoch ms), as item keys. */
export function visibleCreated(reddit: FakeRedditServer, from: number, to: number): string[] {
  return (['t3', 't1'] as const).flatMap((kind) =>
    reddit.world
      .created(kind)
      .filter((thing) => !thing.hidden && thing.createdMs >= from && thing.createdMs <= to)
      .map((thing) => `${kind}_${thing.numericId.toString(36)}`),
  );
}
