import {
  PLAIN_TEXT_POST,
  type RedditComment,
  type RedditPost,
} from '../../ingestion/reddit-item.js';
import { inboxItemType, SEO_MIN_COMMENTS, SEO_MIN_SCORE } from './inbox-item-type.js';

const post = (score: number, numComments: number): RedditPost => ({
  type: 'post',
  id: 'p1',
  subreddit: 'test',
  author: 'a',
  title: 't',
  selftext: '',
  permalink: '/r/test/comments/p1/t/',
  createdUtc: 1,
  score,
  numComments,
  ...PLAIN_TEXT_POST,
});

describe('inboxItemType', () => {
  it('calls a post seo once its score or comment count marks a thread people find later', () => {
    expect(inboxItemType(post(SEO_MIN_SCORE, 0))).toBe('seo');
    expect(inboxItemType(post(0, SEO_MIN_COMMENTS))).toBe('seo');
    expect(inboxItemType(post(SEO_MIN_SCORE - 1, SEO_MIN_COMMENTS - 1))).toBe('realtime');
    expect(inboxItemType(post(1, 0))).toBe('realtime');
  });

  it('calls every comment a comment, however popular', () => {
    const comment: RedditComment = {
      type: 'comment',
      id: 'c1',
      postId: 'p1',
      subreddit: 'test',
      author: 'b',
      body: 'x',
      permalink: '/r/test/comments/p1/t/c1/',
      createdUtc: 2,
      score: 10_000,
      linkTitle: null,
    };
    expect(inboxItemType(comment)).toBe('comment');
  });
});
