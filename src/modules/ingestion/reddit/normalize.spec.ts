import { readJsonFixture, readTextFixture } from '../../../../test/fixtures/reddit/fixtures.js';
import { normalizeListing, normalizeRedditThing } from './normalize.js';

function dumpLines(name: string): unknown[] {
  return readTextFixture(name)
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as unknown);
}

function listingChildData(name: string, index: number): unknown {
  const listing = readJsonFixture(name) as { data: { children: { data: unknown }[] } };
  return listing.data.children[index]?.data;
}

describe('normalizeListing', () => {
  it('turns a /r/all/new listing into posts, newest first as listed', () => {
    const items = normalizeListing(readJsonFixture('listing-new-posts.json'));

    expect(items.map((item) => item.id)).toEqual(['kzj68i', 'kzj67w', 'kzj66d']);
    expect(items[0]).toMatchObject({
      type: 'post',
      id: 'kzj68i',
      subreddit: 'Amd',
      author: 'CryptoGhost19',
      title: '[Help] 3080 gpu',
      permalink: '/r/Amd/comments/kzj68i/help_3080_gpu/',
      createdUtc: 1610930669,
      score: 1,
      numComments: 0,
    });
    expect(items[0]?.type === 'post' && items[0].selftext).toMatch(/^Hey guys so I'm going/);
  });

  it("keeps what a query asks of a post: flair, NSFW, and a link post's URL and domain", () => {
    const [self, image, video] = normalizeListing(readJsonFixture('listing-new-posts.json'));
    const flaired = normalizeRedditThing({
      name: 't3_f1',
      subreddit: 'rust',
      created_utc: 1,
      title: 'Release',
      link_flair_text: 'News &amp; Updates',
      over_18: true,
      is_self: false,
      url: 'https://Blog.Rust-Lang.org/2026/01/01/release.html',
    });

    expect(self).toMatchObject({ isSelf: true, url: null, domain: null, flair: null, nsfw: false });
    expect(image).toMatchObject({
      isSelf: false,
      url: 'https://i.redd.it/o59fgvnfmzb61.jpg',
      domain: 'i.redd.it',
    });
    expect(video).toMatchObject({ isSelf: false, domain: 'youtu.be' });
    expect(flaired).toMatchObject({
      flair: 'News & Updates',
      nsfw: true,
      isSelf: false,
      domain: 'blog.rust-lang.org',
    });
  });

  it('tells a text post from a link post by its self. domain in dumps without is_self', () => {
    const line = { id: 'd1', subreddit: 'rust', created_utc: 1, title: 'T' };
    const text = normalizeRedditThing({ ...line, domain: 'self.rust', url: 'https://x.test/' });
    const link = normalizeRedditThing({
      ...line,
      domain: 'github.com',
      url: 'https://github.com/a',
    });

    expect(text).toMatchObject({ isSelf: true, url: null, domain: null });
    expect(link).toMatchObject({
      isSelf: false,
      url: 'https://github.com/a',
      domain: 'github.com',
    });
  });

  it('keeps emoji outside the Basic Multilingual Plane intact', () => {
    const [amd, stash] = normalizeListing(readJsonFixture('listing-new-posts.json'));

    expect(amd?.type === 'post' && amd.selftext).toContain('\u{1F97A}');
    expect(stash?.type === 'post' && stash.title).toMatch(/stash for now\u{1F974}$/u);
  });

  it('turns a /r/all/comments listing into comments with their post id and link title', () => {
    const [first] = normalizeListing(readJsonFixture('listing-new-comments.json'));

    expect(first?.type === 'comment' && first.body).toMatch(/^That’s not the point .* per capita/);
    expect(first).toMatchObject({
      type: 'comment',
      id: 'fy72wjf',
      postId: 'hrqiaj',
      subreddit: 'WhitePeopleTwitter',
      author: 'forest_play',
      permalink: '/r/WhitePeopleTwitter/comments/hrqiaj/united_states_of_convenience/fy72wjf/',
      createdUtc: 1594854431,
      score: 1,
      linkTitle: 'United States of Convenience',
    });
  });

  it('skips subreddits (t5) in an /api/info answer and keeps posts and comments', () => {
    const items = normalizeListing(readJsonFixture('api-info-mixed.json'));

    expect(items.map((item) => `${item.type}:${item.id}`)).toEqual([
      'comment:d7ltv00',
      'post:5dec04',
    ]);
  });

  it('builds a permalink for an old comment that has none, and no link title', () => {
    const [comment] = normalizeListing(readJsonFixture('api-info-mixed.json'));

    expect(comment).toMatchObject({
      permalink: '/r/politics/comments/52ntoz/_/d7ltv00/',
      linkTitle: null,
    });
  });

  it('returns no items for bodies that are not listings', () => {
    expect(normalizeListing({ kind: 't3', data: {} })).toEqual([]);
    expect(normalizeListing({ kind: 'Listing', data: { children: 'none' } })).toEqual([]);
    expect(normalizeListing(null)).toEqual([]);
    expect(normalizeListing([])).toEqual([]);
  });
});

describe('normalizeRedditThing', () => {
  it('accepts a listing child and its bare data object alike', () => {
    const listing = readJsonFixture('listing-new-posts.json') as { data: { children: unknown[] } };
    const child = listing.data.children[1];

    expect(normalizeRedditThing(child)).toEqual(
      normalizeRedditThing(listingChildData('listing-new-posts.json', 1)),
    );
    expect(normalizeRedditThing(child)).toMatchObject({ type: 'post', id: 'kzj67w' });
  });

  it('reads dump submissions whose created_utc is an int, a numeric string or a float', () => {
    const posts = dumpLines('dump-submissions.ndjson').map(normalizeRedditThing);

    expect(posts.map((post) => post?.createdUtc)).toEqual([
      1180656045, 1409529600, 1606780808, 1706745600,
    ]);
    expect(posts.every((post) => post?.type === 'post')).toBe(true);
  });

  it('reads dump comments from every era, building the permalink where the line has none', () => {
    const comments = dumpLines('dump-comments.ndjson').map(normalizeRedditThing);

    expect(comments.map((comment) => comment?.createdUtc)).toEqual([
      1251763202, 1134365188, 1706745600, 1706745600,
    ]);
    expect(comments[1]).toEqual({
      type: 'comment',
      id: 'c13',
      postId: '17863',
      subreddit: 'reddit.com',
      author: 'frjo',
      body: 'A look at Vietnam and Mexico exposes the myth of market liberalisation.',
      permalink: '/r/reddit.com/comments/17863/_/c13/',
      createdUtc: 1134365188,
      score: 2,
      linkTitle: null,
    });
  });

  it('undoes Reddit HTML escaping once, as raw_json=1 would', () => {
    const [post] = dumpLines('dump-submissions.ndjson').map(normalizeRedditThing);
    const [comment] = dumpLines('dump-comments.ndjson').map(normalizeRedditThing);
    const doubleEscaped = normalizeRedditThing({
      id: 'abc',
      subreddit: 'test',
      created_utc: 1,
      title: 'a &amp;lt; b &lt;3',
    });

    expect(post).toMatchObject({ title: 'NUMBERS & WEB SITES' });
    expect(comment?.type === 'comment' && comment.body).toMatch(/^>Nebraska\n>Diocese/);
    expect(doubleEscaped).toMatchObject({ title: 'a &lt; b <3' });
  });

  it('strips U+0000 and lone surrogates from every text field of posts and comments', () => {
    const post = normalizeRedditThing({
      kind: 't3',
      data: {
        name: 't3_abc',
        subreddit: 'te\u0000st',
        author: 'some\u0000one',
        created_utc: 1,
        title: 'acme\u0000 widget \uD800',
        selftext: 'body\u0000',
        permalink: '/r/test/comments/abc/\u0000x/',
      },
    });
    const comment = normalizeRedditThing({
      id: 'def',
      link_id: 't3_abc',
      subreddit: 'test',
      author: 'a\u0000',
      created_utc: 1,
      body: '\u0000acme widget',
      link_title: 'title\u0000',
    });

    expect(post).toMatchObject({
      subreddit: 'test',
      author: 'someone',
      title: 'acme widget \uFFFD',
      selftext: 'body',
      permalink: '/r/test/comments/abc/x/',
    });
    expect(comment).toMatchObject({ author: 'a', body: 'acme widget', linkTitle: 'title' });
  });

  it('refuses an item whose subreddit is nothing but U+0000', () => {
    expect(
      normalizeRedditThing({ id: 'abc', subreddit: '\u0000', created_utc: 1, title: 't' }),
    ).toBeNull();
  });

  it('leaves nothing to match in a removed body but keeps the item and its author', () => {
    const removed = dumpLines('dump-comments.ndjson').map(normalizeRedditThing)[2];

    expect(removed).toMatchObject({
      id: 'kod0bkj',
      author: '[deleted]',
      body: '',
      permalink: '/r/HolUp/comments/1afnkw1/thats_how_you_spell_it/kod0bkj/',
    });
  });

  it('defaults missing counts to 0 and missing text to an empty string', () => {
    const post = normalizeRedditThing({
      id: 't3_x1',
      subreddit: 's',
      created_utc: '12.9',
      title: 'T',
    });
    const comment = normalizeRedditThing({
      name: 't1_y2',
      link_id: 't3_x1',
      subreddit: 's',
      created_utc: 12,
    });

    expect(post).toEqual({
      type: 'post',
      id: 'x1',
      subreddit: 's',
      author: '',
      title: 'T',
      selftext: '',
      permalink: '/r/s/comments/x1/',
      createdUtc: 12,
      score: 0,
      numComments: 0,
      flair: null,
      url: null,
      domain: null,
      nsfw: false,
      isSelf: true,
    });
    expect(comment).toMatchObject({ type: 'comment', id: 'y2', postId: 'x1', body: '', score: 0 });
  });

  it('accepts a full URL as permalink and keeps only its path', () => {
    const post = normalizeRedditThing({
      id: 'x1',
      subreddit: 's',
      created_utc: 1,
      title: 'T',
      permalink: 'https://www.reddit.com/r/s/comments/x1/t/',
    });

    expect(post?.permalink).toBe('/r/s/comments/x1/t/');
  });

  it('returns null for things that are neither a post nor a comment', () => {
    const subreddit = readJsonFixture('api-info-mixed.json') as { data: { children: unknown[] } };

    expect(normalizeRedditThing(subreddit.data.children[2])).toBeNull();
    expect(normalizeRedditThing({ kind: 'more', data: { count: 3, children: ['a'] } })).toBeNull();
    expect(normalizeRedditThing({ kind: 't1', data: { title: 'a post in disguise' } })).toBeNull();
    expect(normalizeRedditThing({ author: 'someone', score: 3 })).toBeNull();
    expect(normalizeRedditThing(null)).toBeNull();
    expect(normalizeRedditThing('t3_abc')).toBeNull();
    expect(normalizeRedditThing([{ title: 'x' }])).toBeNull();
  });

  it('returns null when an id, subreddit, parent link or creation time is unusable', () => {
    const post = { id: 'abc', subreddit: 's', created_utc: 1, title: 'T' };
    const comment = { id: 'def', subreddit: 's', created_utc: 1, body: 'B', link_id: 't3_abc' };

    expect(normalizeRedditThing({ ...post, id: 'not an id!' })).toBeNull();
    expect(normalizeRedditThing({ ...post, subreddit: '' })).toBeNull();
    expect(normalizeRedditThing({ ...post, created_utc: 'yesterday' })).toBeNull();
    expect(normalizeRedditThing({ ...post, created_utc: null })).toBeNull();
    expect(normalizeRedditThing({ ...comment, link_id: 't3_' })).toBeNull();
    expect(normalizeRedditThing(comment)).not.toBeNull();
  });
});
