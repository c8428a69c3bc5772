import { PLAIN_TEXT_POST, type RedditComment, type RedditPost } from '../../../reddit-item.js';
import type { ParentPostStore } from '../parent-resolver.js';

/** A created_utc twenty seconds before the specs' moment, 2026-11-21 10:00 UTC. */
const CREATED_UTC = Date.UTC(2026, 10, 21, 10, 0, 0) / 1_000 - 20;

export function redditPost(id: string): RedditPost {
  return {
    type: 'post',
    id,
    subreddit: 'test',
    author: 'someone',
    title: `Post ${id}`,
    selftext: '',
    permalink: `/r/test/comments/${id}/`,
    createdUtc: CREATED_UTC,
    score: 1,
    numComments: 1,
    ...PLAIN_TEXT_POST,
  };
}

export function redditComment(id: string, postId: string): RedditComment {
  return {
    type: 'comment',
    id,
    postId,
    subreddit: 'test',
    author: 'someone',
    body: 'A comment',
    permalink: `/r/test/comments/${postId}/_/${id}/`,
    createdUtc: CREATED_UTC,
    score: 1,
    linkTitle: null,
  };
}

/** The posts cache in memory, recording the look-ups made of it. */
export class InMemoryParentPosts implements ParentPostStore {
  readonly stored = new Map<string, RedditPost>();
  readonly knownCalls: string[][] = [];

  known(postIds: readonly string[]): Promise<Set<string>> {
    this.knownCalls.push([...postIds]);
    return Promise.resolve(new Set(postIds.filter((id) => this.stored.has(id))));
  }

  remember(posts: readonly RedditPost[]): Promise<void> {
    for (const post of posts) this.stored.set(post.id, post);
    return Promise.resolve();
  }
}
