import { createKeywords } from '../factories/keyword.factory.js';
import { FakeRedditServer } from '../fixtures/reddit/fake-reddit-server.js';
import { bearer } from '../utils/create-test-app.js';
import { createPollingApp, pollOnce } from '../utils/polling-app.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

/** What the issue asks of a quiet stream: a new post on GET /alerts within 5 s of its creation. */
const TARGET_MS = 5_000;
/** The background loop polls at most this often (RedditPollingWorker's shortest sleep). */
const LOOP_STEP_MS = 50;
const KEYWORD = 'zebra crossing';

interface Scenario {
  pollMs: number;
  /** Twenty ids Reddit never shows (removed, private) just before the first new post. */
  gap: boolean;
  /** Reddit's X-Ratelimit-* headers on every answer, or none (the client paces on its own). */
  rateLimitHeaders: boolean;
}

const SCENARIOS: Scenario[] = [250, 500, 2_000].flatMap((pollMs) =>
  [true, false].flatMap((gap) =>
    [true, false].map((rateLimitHeaders) => ({ pollMs, gap, rateLimitHeaders })),
  ),
);

const name = ({ pollMs, gap, rateLimitHeaders }: Scenario) =>
  `INGEST_POLL_MS=${pollMs}, ${gap ? 'after 20 ids never shown' : 'no gap'}, ${
    rateLimitHeaders ? 'with' : 'without'
  } rate-limit headers`;

/**
 * A quiet Reddit (no comments at all, a post now and then), as in the reproduction: the
 * second wave used to reach GET /alerts after 15.4-15.8 s at INGEST_POLL_MS=500 (the quiet
 * comments listing took every request; docs/ingestion.md says why).
 */
describe.each(testDatabaseKinds())('time from a new post to GET /alerts on %s', (kind) => {
  it.each(SCENARIOS.map((scenario) => [name(scenario), scenario] as const))(
    '%s: within 5 s',
    async (_name, { pollMs, gap, rateLimitHeaders }) => {
      const reddit = await FakeRedditServer.start({ rateLimitHeaders });
      const t = await createPollingApp(kind, reddit, { INGEST_POLL_MS: String(pollMs) });
      try {
        const { apiKey } = await t.account('pro');
        await createKeywords(t, apiKey, [KEYWORD]);
        const alertTimes = async () => {
          const { body } = await t.http
            .get('/api/v1/alerts?limit=100')
            .set(bearer(apiKey))
            .expect(200);
          const alerts = body.data as { id: string; timestamp: string }[];
          return new Map(alerts.map((alert) => [alert.id, Date.parse(alert.timestamp)]));
        };
        /**
         * Polls as the background loop does until every post is on GET /alerts (or `limitMs`
         * passed); answers each post's time from creation to its alert's match time.
         */
        const timesToAlert = async (ids: string[], limitMs: number): Promise<number[]> => {
          let alerted = new Map<string, number>();
          for (let waited = 0; waited < limitMs; waited += LOOP_STEP_MS) {
            const result = await pollOnce(t);
            if (result.status === 'polled' && result.posts > 0) alerted = await alertTimes();
            if (ids.length > 0 && ids.every((id) => alerted.has(id))) break;
            t.clock.advance(LOOP_STEP_MS);
          }
          return ids.map(
            (id) => (alerted.get(id) ?? Infinity) - reddit.world.thing(`t3_${id}`)!.createdMs,
          );
        };
        // The walk has begun: a post from before, already in the listing.
        reddit.addPost({ title: 'an older post' }, { hidden: false, listedAt: t.clock.nowMs() });
        await timesToAlert([], 4_000);

        if (gap) reddit.remove(reddit.addPosts(20).map((id) => `t3_${id}`));
        const first = Array.from({ length: 3 }, () =>
          reddit.addPost({ title: `first ${KEYWORD}` }, { hidden: false }),
        );
        const firstTimes = await timesToAlert(first, 20_000);
        const second = [
          reddit.addPost({ title: `second ${KEYWORD}` }, { hidden: false }),
          reddit.addPost({ title: `third ${KEYWORD}` }, { hidden: false }),
          // 4% of items enter Reddit's listing 5-25 s late, and no newer id tells the walk this
          // one exists: only /api/info can show it in time.
          reddit.addPost(
            { title: `late ${KEYWORD}` },
            { hidden: false, listedAt: t.clock.nowMs() + 20_000 },
          ),
        ];
        const secondTimes = await timesToAlert(second, 20_000);

        expect(Math.max(...firstTimes)).toBeLessThanOrEqual(TARGET_MS);
        expect(Math.max(...secondTimes)).toBeLessThanOrEqual(TARGET_MS);
        expect(reddit.counts.status429).toBe(0);
        expect((await alertTimes()).size).toBe(6);
      } finally {
        await t.close();
        await reddit.close();
      }
    },
    // A post that never arrives runs both waits to their 20 s of simulated time (800 polls): room
    // for that, so a miss fails on the figures above rather than on Jest's timeout.
    90_000,
  );
});
