import type { FakeRedditServer } from '../fixtures/reddit/fake-reddit-server.js';
import {
  RedditPollingService,
  type PollResult,
} from '../../src/modules/ingestion/polling/reddit-polling.service.js';
import type { TestApp } from './create-test-app.js';

export const TEST_USER_AGENT = 'node:alerts-e2e:v1 (by /u/alerts-tests)';

/**
 * The environment that points the app's poller at a fake Reddit. 6 s between polls buys one
 * credential a budget of 10 requests per cycle (100 a minute).
 */
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
    INGEST_POLL_MS: '6000',
    ...overrides,
  };
}

export function pollOnce(t: TestApp): Promise<PollResult> {
  return t.app.get(RedditPollingService).pollOnce();
}

/** The value of one unlabelled sample in GET /metrics, or null when it is absent. */
export async function metricValue(t: TestApp, name: string): Promise<number | null> {
  const { text } = await t.http.get('/metrics').expect(200);
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name} `));
  return line === undefined ? null : Number(line.slice(name.length + 1));
}
