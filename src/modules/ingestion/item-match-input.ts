import type { MatchInput } from '../matching/match-input.js';
import type { ParentPostFields, RedditItem } from './reddit-item.js';

/**
 * An item as the matcher reads it, with what queries ask of it (decisions.md section 13). A
 * comment reads its post's title, flair, kind, NSFW flag and comment count from `parent`; without
 * one they are unknown (the title from the comment's link_title when Reddit gave it).
 */
export function matchInputOf(item: RedditItem, parent?: ParentPostFields): MatchInput {
  const { type, subreddit, author, score } = item;
  if (item.type === 'post') {
    const { flair, url, isSelf, nsfw, numComments } = item;
    const fields = [item.title, item.selftext];
    return { type, fields, subreddit, author, flair, url, isSelf, nsfw, score, numComments };
  }
  return {
    type,
    fields: [item.body],
    subreddit,
    author,
    score,
    parentTitle: parent?.title ?? item.linkTitle,
    flair: parent?.flair,
    isSelf: parent?.isSelf,
    nsfw: parent?.nsfw,
    numComments: parent?.numComments,
  };
}

/** A post's own fields as a comment's parent reads them. */
export function parentFieldsOf(post: Extract<RedditItem, { type: 'post' }>): ParentPostFields {
  const { title, selftext, score, numComments, flair, nsfw, isSelf } = post;
  return { title, selftext, score, numComments, flair, nsfw, isSelf };
}
