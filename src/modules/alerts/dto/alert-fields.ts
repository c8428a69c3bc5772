import type { SchemaObject } from '@nestjs/swagger';

/** The fields every alert has, in the documented order of an alert, after event/timestamp (and webhook_id/website). */
export const ALERT_FIELDS = {
  inbox_id: { type: 'string', description: "The alert's id for GET /alerts/{id}." },
  id: {
    type: 'string',
    description: 'Reddit id of the post or comment, without its t3_ or t1_ prefix.',
  },
  title: { type: 'string', description: 'Post title; for a comment, the parent post title.' },
  subreddit: { type: 'string' },
  author: { type: 'string' },
  selftext: { type: 'string', description: 'Post text; for a comment, the parent post text.' },
  url: { type: 'string', format: 'uri', description: 'https://www.reddit.com + permalink.' },
  keyword: { type: 'string', description: 'Text of the keyword that matched.' },
  keyword_id: { type: 'string', description: 'Id from GET /keywords.' },
  // Typed as the App inbox's score is, or null: some generators drop a property typed null alone.
  relevance_score: { type: 'number', nullable: true, description: 'Always null: alerts are unscored.' },
  upvotes: { type: 'integer', description: "Post upvotes; for a comment, the parent post's." },
  replies: { type: 'integer', description: "Post reply count; for a comment, the parent post's." },
  created_utc: { type: 'integer', description: 'Unix time in seconds.' },
} satisfies Record<string, SchemaObject>;

export const COMMENT_BODY: SchemaObject = {
  type: 'string',
  description: 'The comment body (comment alerts only).',
};

/** The TypeScript side of ALERT_FIELDS, the base of every alert body. */
export abstract class AlertFieldsDto {
  inbox_id: string;
  id: string;
  title: string;
  subreddit: string;
  author: string;
  selftext: string;
  url: string;
  keyword: string;
  keyword_id: string;
  relevance_score: null;
  upvotes: number;
  replies: number;
  created_utc: number;
}
