import {
  PLAIN_TEXT_POST,
  type RedditComment,
  type RedditPost,
} from '../../ingestion/reddit-item.js';
import { postSnapshotOf } from './post-snapshot.js';

const post: RedditPost = {
  type: 'post',
  id: 'abc12',
  subreddit: 'startups',
  author: 'founder',
  title: 'Launching a price tracker',
  selftext: 'Feedback welcome',
  permalink: '/r/startups/comments/abc12/launching_a_price_tracker/',
  createdUtc: 1_763_719_200,
  score: 12,
  numComments: 3,
  ...PLAIN_TEXT_POST,
};
const comment: RedditComment = {
  type: 'comment',
  id: 'def34',
  postId: 'abc12',
  subreddit: 'startups',
  author: 'replier',
  body: 'Nice price tracker',
  permalink: '/r/startups/comments/abc12/launching_a_price_tracker/def34/',
  createdUtc: 1_763_719_260,
  score: 2,
  linkTitle: 'Launching a price tracker',
};
const parent = {
  title: post.title,
  selftext: post.selftext,
  score: 40,
  numComments: 9,
  flair: null,
  nsfw: false,
  isSelf: true,
};

describe('postSnapshotOf', () => {
  it('takes a post item from the post itself, without comment fields', () => {
    expect(postSnapshotOf(post, parent, post)).toEqual({
      itemKey: 't3_abc12',
      postId: 'abc12',
      postTitle: 'Launching a price tracker',
      postUrl: 'https://www.reddit.com/r/startups/comments/abc12/launching_a_price_tracker/',
      postAuthor: 'founder',
      postSubreddit: 'startups',
      postContent: 'Feedback welcome',
      postCreatedUtc: 1_763_719_200,
      postScore: 12,
      postNumComments: 3,
      commentId: null,
      commentContent: null,
    });
  });

  it("gives a comment item its parent post's fields and its own id and body", () => {
    expect(postSnapshotOf(comment, parent, post)).toEqual({
      itemKey: 't1_def34',
      postId: 'abc12',
      postTitle: 'Launching a price tracker',
      postUrl: 'https://www.reddit.com/r/startups/comments/abc12/launching_a_price_tracker/',
      postAuthor: 'founder',
      postSubreddit: 'startups',
      postContent: 'Feedback welcome',
      postCreatedUtc: 1_763_719_200,
      postScore: 40,
      postNumComments: 9,
      commentId: 'def34',
      commentContent: 'Nice price tracker',
    });
  });

  it('derives the post URL from the comment permalink when the post was not in the batch', () => {
    const snapshot = postSnapshotOf(comment, parent, undefined);
    expect(snapshot).toMatchObject({
      postUrl: 'https://www.reddit.com/r/startups/comments/abc12/launching_a_price_tracker/',
      postAuthor: '',
      postCreatedUtc: comment.createdUtc,
      postScore: 40,
    });
    const odd = postSnapshotOf({ ...comment, permalink: '/elsewhere' }, parent, undefined);
    expect(odd.postUrl).toBe('https://www.reddit.com/r/startups/comments/abc12/');
  });
});
