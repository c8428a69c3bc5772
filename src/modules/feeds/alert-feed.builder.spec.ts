import Parser from 'rss-parser';
import { AlertEntity } from '../alerts/alert.entity.js';
import { renderAlertFeed } from './alert-feed.builder.js';
import type { FeedFormat } from './feed-format.js';

const SELF = 'https://alerts.example/feeds/feed_token/alerts';
const NASTY = 'Tricky ]]> title ]]> with <script>alert(1)</script> & "quotes"\u0001\uD800 😀';

interface ParsedItem {
  title?: string;
  link?: string;
  guid?: string;
  id?: string;
  creator?: string;
  author?: string;
  content?: string;
  summary?: string;
  categories?: unknown[];
  categoryNodes?: { $: { term: string; label: string } }[];
}

const parser = new Parser<{ id?: string }, ParsedItem>({
  customFields: { feed: ['id'], item: [['category', 'categoryNodes', { keepArray: true }]] },
});

/** What a feed reader shows for an HTML-typed field. */
const decodeHtml = (html: string) =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

function alert(overrides: Partial<AlertEntity> = {}): AlertEntity {
  return Object.assign(new AlertEntity(), {
    id: '0190f3a2-7c1e-7000-8000-000000000001',
    accountId: 'account',
    keywordId: 'keyword',
    keywordText: 'AT&T <b>',
    event: 'post',
    redditId: 'abc123',
    title: NASTY,
    subreddit: 'SaaS',
    subredditKey: 'saas',
    author: 'someone',
    selftext: `Body ]]> with <i>markup</i>\u0007 and & more`,
    url: 'https://www.reddit.com/r/SaaS/comments/abc123/tricky/',
    upvotes: 1,
    replies: 2,
    createdUtc: 1_763_719_200,
    comment: null,
    commentUpvotes: null,
    matchedAt: Date.parse('2026-11-21T10:04:05.123Z'),
    ...overrides,
  });
}

const render = (format: FeedFormat, alerts: AlertEntity[]) =>
  renderAlertFeed({
    format,
    keywordText: 'AT&T <b>',
    selfUrl: `${SELF}.${format}`,
    updated: new Date('2026-11-21T10:04:05.123Z'),
    alerts,
  });

const CLEAN_TITLE = '[AT&T <b>] Tricky ]]> title ]]> with <script>alert(1)</script> & "quotes" 😀';

describe.each<FeedFormat>(['rss', 'atom'])('%s rendering of hostile Reddit text', (format) => {
  it('stays well-formed and shows the text as written, minus characters XML forbids', async () => {
    const xml = render(format, [alert()]);
    const feed = await parser.parseString(xml);
    expect(feed.title).toBe('Reddit Keyword Alerts: AT&T <b>');
    const [item] = feed.items;
    expect(decodeHtml(item.title ?? '')).toBe(CLEAN_TITLE);
    expect(xml).not.toContain('<script>');
    expect(xml).not.toContain('\u0001');
    const summary = format === 'rss' ? item.content : item.summary;
    expect(decodeHtml(summary ?? '')).toBe('Body ]]> with <i>markup</i> and & more');
  });

  it('labels a comment alert and shows the comment, not the post text', async () => {
    const comment = alert({ event: 'comment', comment: 'The comment body', title: 'Parent post' });
    const [item] = (await parser.parseString(render(format, [comment]))).items;
    expect(item.title).toBe('[AT&amp;T &lt;b&gt;] Comment on: Parent post');
    expect(format === 'rss' ? item.content : item.summary).toBe('The comment body');
  });

  it('names the Reddit author and the keyword and subreddit as categories', async () => {
    const xml = render(format, [alert()]);
    const [item] = (await parser.parseString(xml)).items;
    if (format === 'rss') {
      expect(item.creator).toBe('u/someone');
      expect(xml).toMatch(/<rss [^>]*xmlns:dc="http:\/\/purl\.org\/dc\/elements\/1\.1\/"/);
      expect(item.categories).toEqual(['AT&T <b>', 'r/SaaS']);
    } else {
      expect(item.author).toBe('u/someone');
      expect(item.categoryNodes?.map((node) => node.$.term)).toEqual(['AT&T <b>', 'r/SaaS']);
    }
  });
});

describe('links', () => {
  it('never hands a reader a non-http link', async () => {
    const hostile = alert({ url: 'javascript:alert(1)' });
    const [item] = (await parser.parseString(render('atom', [hostile]))).items;
    expect(item.link).toBe('https://www.reddit.com/');
  });

  it('keeps an empty feed valid, with its id and update time', async () => {
    const feed = await parser.parseString(render('atom', []));
    expect(feed.items).toEqual([]);
    expect(feed.id).toBe(`${SELF}.atom`);
  });
});
