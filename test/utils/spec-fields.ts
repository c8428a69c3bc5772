/** The alert's fields in the documented order: the oracle the e2e tests compare against. */
const LEADING = ['event', 'timestamp'];
const WEBHOOK_ONLY = ['webhook_id', 'website'];
const SHARED = [
  'inbox_id',
  'id',
  'title',
  'subreddit',
  'author',
  'selftext',
  'url',
  'keyword',
  'keyword_id',
  'relevance_score',
  'upvotes',
  'replies',
  'created_utc',
];

export const API_POST_FIELDS = [...LEADING, ...SHARED];
export const API_COMMENT_FIELDS = [...API_POST_FIELDS, 'comment'];
export const WEBHOOK_POST_FIELDS = [...LEADING, ...WEBHOOK_ONLY, ...SHARED];
export const WEBHOOK_COMMENT_FIELDS = [...WEBHOOK_POST_FIELDS, 'comment', 'comment_upvotes'];
export const WEBHOOK_TEST_FIELDS = [...WEBHOOK_POST_FIELDS, 'test'];
