import type { AlertEntity } from '../alerts/alert.entity.js';
import type { KeywordDefinition } from '../matching/keyword-definition.js';
import type { ParentPostFields, RedditItem } from './reddit-item.js';

const REDDIT_ORIGIN = 'https://www.reddit.com';

/** The alert row for one (keyword, item) match: a snapshot of the item as it was matched. */
export function alertFromMatch(
  id: string,
  item: RedditItem,
  keyword: KeywordDefinition,
  parent: ParentPostFields,
  matchedAt: number,
): AlertEntity {
  const common = {
    id,
    accountId: keyword.accountId,
    keywordId: keyword.id,
    keywordText: keyword.text,
    redditId: item.id,
    subreddit: item.subreddit,
    subredditKey: item.subreddit.toLowerCase(),
    author: item.author,
    url: REDDIT_ORIGIN + item.permalink,
    createdUtc: item.createdUtc,
    matchedAt,
  };
  if (item.type === 'post') {
    return Object.assign({} as AlertEntity, common, {
      event: 'post' as const,
      title: item.title,
      selftext: item.selftext,
      upvotes: item.score,
      replies: item.numComments,
      comment: null,
      commentUpvotes: null,
    });
  }
  return Object.assign({} as AlertEntity, common, {
    event: 'comment' as const,
    title: parent.title,
    selftext: parent.selftext,
    upvotes: parent.score,
    replies: parent.numComments,
    comment: item.body,
    commentUpvotes: item.score,
  });
}
