import { matchInputOf } from './item-match-input.js';
import type { ParentPostFields, RedditComment, RedditPost } from './reddit-item.js';

const post: RedditPost = {
  type: 'post',
  id: 'p1',
  subreddit: 'rust',
  author: 'ferris',
  title: 'Release notes',
  selftext: 'What changed',
  permalink: '/r/rust/comments/p1/release_notes/',
  createdUtc: 1_763_719_200,
  score: 7,
  numComments: 3,
  flair: 'News',
  url: 'https://blog.rust-lang.org/',
  domain: 'blog.rust-lang.org',
  nsfw: false,
  isSelf: false,
};

const comment: RedditComment = {
  type: 'comment',
  id: 'c1',
  postId: 'p1',
  subreddit: 'rust',
  author: 'crab',
  body: 'Nice',
  permalink: '/r/rust/comments/p1/release_notes/c1/',
  createdUtc: 1_763_719_260,
  score: 2,
  linkTitle: 'Release notes (listing)',
};

const parent: ParentPostFields = {
  title: 'Release notes',
  selftext: '',
  score: 7,
  numComments: 12,
  flair: null,
  nsfw: true,
  isSelf: true,
};

describe('what queries read of an item', () => {
  it("reads a post's own fields", () => {
    expect(matchInputOf(post)).toEqual({
      type: 'post',
      fields: ['Release notes', 'What changed'],
      subreddit: 'rust',
      author: 'ferris',
      flair: 'News',
      url: 'https://blog.rust-lang.org/',
      isSelf: false,
      nsfw: false,
      score: 7,
      numComments: 3,
    });
  });

  it("reads a comment's own score and its post's title, flair, kind, NSFW flag and comments", () => {
    expect(matchInputOf(comment, parent)).toEqual({
      type: 'comment',
      fields: ['Nice'],
      subreddit: 'rust',
      author: 'crab',
      score: 2,
      parentTitle: 'Release notes',
      flair: null,
      isSelf: true,
      nsfw: true,
      numComments: 12,
    });
  });

  it('leaves a comment’s post fields unknown without its post, but for the listing’s title', () => {
    expect(matchInputOf(comment)).toMatchObject({
      parentTitle: 'Release notes (listing)',
      flair: undefined,
      isSelf: undefined,
      nsfw: undefined,
      numComments: undefined,
      score: 2,
    });
  });
});
