import { itemKey } from '../../ingestion/seen-items.store.js';
import type {
  ParentPostFields,
  RedditComment,
  RedditItem,
  RedditPost,
} from '../../ingestion/reddit-item.js';

const REDDIT_ORIGIN = 'https://www.reddit.com';
/** /r/<sub>/comments/<post id>/<slug>/<comment id>/ → the post's own permalink. */
const COMMENT_PERMALINK = /^(\/r\/[^/]+\/comments\/[^/]+\/[^/]*\/)[^/]+\/?$/;

/** The Reddit fields of an inbox item: the post's (a comment's parent's) and the comment's own. */
export interface PostSnapshot {
  itemKey: string;
  postId: string;
  postTitle: string;
  postUrl: string;
  postAuthor: string;
  postSubreddit: string;
  postContent: string;
  postCreatedUtc: number;
  postScore: number;
  postNumComments: number;
  commentId: string | null;
  commentContent: string | null;
}

function parentUrl(comment: RedditComment): string {
  const postPath =
    COMMENT_PERMALINK.exec(comment.permalink)?.[1] ??
    `/r/${comment.subreddit}/comments/${comment.postId}/`;
  return REDDIT_ORIGIN + postPath;
}

/**
 * For a comment, title, text and counts come from the pipeline's parent fields. Its author,
 * creation time and permalink are known only when the post came in the same batch; otherwise
 * the author is empty, the time is the comment's own and the URL is derived from its permalink.
 */
export function postSnapshotOf(
  item: RedditItem,
  parent: ParentPostFields,
  postInBatch: RedditPost | undefined,
): PostSnapshot {
  if (item.type === 'post') {
    return {
      itemKey: itemKey(item),
      postId: item.id,
      postTitle: item.title,
      postUrl: REDDIT_ORIGIN + item.permalink,
      postAuthor: item.author,
      postSubreddit: item.subreddit,
      postContent: item.selftext,
      postCreatedUtc: item.createdUtc,
      postScore: item.score,
      postNumComments: item.numComments,
      commentId: null,
      commentContent: null,
    };
  }
  return {
    itemKey: itemKey(item),
    postId: item.postId,
    postTitle: parent.title,
    postUrl: postInBatch ? REDDIT_ORIGIN + postInBatch.permalink : parentUrl(item),
    postAuthor: postInBatch?.author ?? '',
    postSubreddit: item.subreddit,
    postContent: parent.selftext,
    postCreatedUtc: postInBatch?.createdUtc ?? item.createdUtc,
    postScore: parent.score,
    postNumComments: parent.numComments,
    commentId: item.id,
    commentContent: item.body,
  };
}
