import { FakeRedditServer } from '../../../../test/fixtures/reddit/fake-reddit-server.js';
import { manualClock } from '../../../../test/fixtures/reddit/manual-clock.js';
import type { RedditComment } from '../reddit-item.js';
import { ParentPostLookup } from './parent-post-lookup.js';
import { RedditClientPool } from './reddit-client-pool.js';
import { RequestBudget } from './request-budget.js';

function commentOn(postId: string, id: string): RedditComment {
  return {
    type: 'comment',
    id,
    postId,
    subreddit: 'AskReddit',
    author: 'someone',
    body: 'hello',
    permalink: `/r/AskReddit/comments/${postId}/_/${id}/`,
    createdUtc: 1_700_000_000,
    score: 1,
    linkTitle: null,
  };
}

describe('ParentPostLookup', () => {
  let reddit: FakeRedditServer;
  let lookup: ParentPostLookup;

  beforeEach(async () => {
    reddit = await FakeRedditServer.start();
    const api = RedditClientPool.fromSettings(
      {
        apiBase: reddit.baseUrl,
        authBase: reddit.baseUrl,
        userAgent: 'node:keyword-alerts-test:v1',
        credentials: [{ clientId: 'client-a', clientSecret: 'secret-a' }],
      },
      manualClock(),
    );
    lookup = new ParentPostLookup(api);
  });

  afterEach(async () => {
    await reddit.close();
  });

  it('returns the parent fields of each distinct post in one /api/info call', async () => {
    const [first, second] = reddit.addPosts(2);
    const comments = [commentOn(first, 'c1'), commentOn(first, 'c2'), commentOn(second, 'c3')];

    const parents = await lookup.lookup(comments);

    expect(parents).toEqual(
      new Map([
        [
          first,
          {
            title: `Post ${first}`,
            selftext: `Body of post ${first} \u{1F97A}`,
            score: 1,
            numComments: 0,
          },
        ],
        [
          second,
          {
            title: `Post ${second}`,
            selftext: `Body of post ${second} \u{1F97A}`,
            score: 1,
            numComments: 0,
          },
        ],
      ]),
    );
    const [request] = reddit.apiRequests();
    expect(request?.query.get('id')?.split(',')).toEqual([`t3_${first}`, `t3_${second}`]);
  });

  it('looks parents up by post id as well', async () => {
    const [postId] = reddit.addPosts(1);

    const parents = await lookup.fetch([postId, postId]);

    expect([...parents.keys()]).toEqual([postId]);
    expect(reddit.apiRequests()[0]?.query.get('id')).toBe(`t3_${postId}`);
  });

  it('leaves out parents Reddit no longer shows', async () => {
    const [kept, removed] = reddit.addPosts(2);
    reddit.remove([`t3_${removed}`]);

    const parents = await lookup.lookup([commentOn(kept, 'c1'), commentOn(removed, 'c2')]);

    expect([...parents.keys()]).toEqual([kept]);
  });

  it('asks for at most 100 posts per call and stops when the budget is spent', async () => {
    const postIds = reddit.addPosts(250);
    const comments = postIds.map((postId, index) => commentOn(postId, `c${index}`));
    const budget = new RequestBudget(2);

    const parents = await lookup.lookup(comments, budget);

    expect(
      reddit.apiRequests().map((request) => request.query.get('id')?.split(',').length),
    ).toEqual([100, 100]);
    expect(parents.size).toBe(200);
    expect(budget.remaining).toBe(0);
  });
});
