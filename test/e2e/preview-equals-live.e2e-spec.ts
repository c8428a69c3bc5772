import fc from 'fast-check';
import type { RedditItem } from '../../src/modules/ingestion/reddit-item.js';
import type { MatchInput } from '../../src/modules/matching/match-input.js';
import { parses, shape, Words, written } from '../../src/modules/matching/testing/query-shapes.js';
import { redditItemsForTests } from '../../src/modules/matching/testing/reddit-items.js';
import type { Caller } from '../../src/modules/auth/caller.js';
import { planLimits } from '../../src/config/plans.js';
import { KeywordPreviewService } from '../../src/modules/preview/keyword-preview.service.js';
import { checkKeywordDraft, keywordIdentity } from '../../src/modules/keywords/keyword-rules.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { commentItem, ingest, postItem } from '../utils/delivery-scenario.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

const { items: inputs, source } = redditItemsForTests();
const MODES = ['exact', 'proximity', 'broad'] as const;
const QUERIES = 30;
const V1_KEYWORDS = 18;
const BATCH = 500;

interface KeywordItem {
  text: string;
  mode?: string;
  query?: string;
}

/** The test's items as the pipeline takes them: comments under the first post. */
function redditItems(): RedditItem[] {
  const firstPost = inputs.findIndex((input) => input.type === 'post');
  const parent = { id: `p${firstPost}`, subreddit: inputs[firstPost].subreddit };
  return inputs.map((input: MatchInput, index) =>
    input.type === 'post'
      ? postItem({
          id: `p${index}`,
          title: input.fields[0],
          selftext: input.fields[1] ?? '',
          subreddit: input.subreddit,
          author: input.author,
        })
      : commentItem(parent, { id: `c${index}`, body: input.fields[0], author: input.author }),
  );
}

/** v1 keywords in each mode and queries of every operator, written with the items' own words. */
function keywordItems(): KeywordItem[] {
  const words = inputs.map((input) => new Words(input)).filter((each) => !each.isEmpty);
  const keywords: KeywordItem[] = [];
  const texts = new Set<string>();
  for (const [index, each] of words.entries()) {
    if (keywords.length === V1_KEYWORDS) break;
    const text =
      index % 2 === 0 ? each.word(index * 7) : `${each.word(index)} ${each.word(index + 1)}`;
    const keyword = { text, mode: MODES[index % MODES.length] };
    if (!checkKeywordDraft(keyword).ok || texts.has(keywordIdentity(text))) continue;
    texts.add(keywordIdentity(text));
    keywords.push(keyword);
  }
  const shapes = fc.sample(shape, { seed: 34, numRuns: QUERIES * 3 });
  shapes.forEach((each, index) => {
    const query = written(each, words[(index * 13) % words.length]);
    if (keywords.length < V1_KEYWORDS + QUERIES && query.length <= 500 && parses(query)) {
      keywords.push({ text: `query ${index}`, query });
    }
  });
  return keywords;
}

/**
 * Preview and live matching can never disagree (issue #34): the same items ingested through the
 * pipeline with the keywords live, each keyword's live matches (alerts and capped ones, from GET
 * /usage) equal what POST /keywords/preview counts for it in the window.
 */
describe.each(testDatabaseKinds())('preview counts on %s', (kind) => {
  let t: TestApp;

  afterAll(() => t.close());

  it(`equal live matching, for v1 keywords and queries, on ${source}`, async () => {
    t = await createTestApp(kind);
    const { apiKey, accountId } = await t.account('scale');
    const caller = { accountId, limits: planLimits('scale') } as Caller;
    const previews = t.app.get(KeywordPreviewService);
    const keywords = keywordItems();
    const created = await t.http
      .post('/api/v1/keywords')
      .set(bearer(apiKey))
      .send({ keywords })
      .expect(201);
    const ids = (created.body as { created: { id: string }[]; rejected: unknown[] }).created.map(
      (keyword) => keyword.id,
    );
    expect((created.body as { rejected: unknown[] }).rejected).toEqual([]);
    const items = redditItems();
    for (let start = 0; start < items.length; start += BATCH) {
      await ingest(t, items.slice(start, start + BATCH));
    }

    const usage = await t.http.get('/api/v1/usage').set(bearer(apiKey)).expect(200);
    const live = new Map(
      (
        usage.body as {
          data: { today: { keyword_id: string; delivered: number; capped: number }[] };
        }
      ).data.today.map((entry) => [entry.keyword_id, entry.delivered + entry.capped]),
    );
    const differences: { keyword: KeywordItem; live: number; preview: number }[] = [];
    let matched = 0;
    for (const [index, keyword] of keywords.entries()) {
      // The service behind POST /keywords/preview: the route's read budget would stop 90 calls.
      const input = checkKeywordDraft(keyword);
      if (!input.ok) throw new Error(input.message);
      const { matches, estimated } = await previews.preview(caller, input.keyword, null);
      expect(estimated).toBe(false);
      const liveMatches = live.get(ids[index]) ?? 0;
      if (matches !== liveMatches)
        differences.push({ keyword, live: liveMatches, preview: matches });
      if (liveMatches > 0) matched += 1;
    }
    expect(differences).toEqual([]);
    // Not vacuous: many keywords matched something.
    expect(matched).toBeGreaterThan(keywords.length / 3);
  });
});
