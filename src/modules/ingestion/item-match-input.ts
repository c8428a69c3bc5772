import type { MatchInput } from '../matching/match-input.js';
import { PLAIN_TEXT_POST, type ParentPostFields, type RedditItem } from './reddit-item.js';

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

/** A comment's parent post as the batch found it (in the batch, lately, or cached); else undefined. */
export function foundParentOf(
  item: RedditItem,
  parents: ReadonlyMap<string, ParentPostFields>,
): ParentPostFields | undefined {
  return item.type === 'comment' ? parents.get(item.postId) : undefined;
}

/**
 * The post fields an alert on the item carries: a post's own; a comment's found parent, else
 * its link_title and nothing more (alert-from-match.ts).
 */
export function alertParentOf(item: RedditItem, found?: ParentPostFields): ParentPostFields {
  if (item.type === 'post') return parentFieldsOf(item);
  return (
    found ?? {
      title: item.linkTitle ?? '',
      selftext: '',
      score: 0,
      numComments: 0,
      flair: PLAIN_TEXT_POST.flair,
      nsfw: PLAIN_TEXT_POST.nsfw,
      isSelf: PLAIN_TEXT_POST.isSelf,
    }
  );
}
