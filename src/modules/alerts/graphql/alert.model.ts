import { Field, Float, ID, Int, ObjectType } from '@nestjs/graphql';
import type { AlertEntity, AlertEvent } from '../alert.entity.js';
import { toAlertResponse } from '../alert-payload.js';
import { AlertEventEnum } from './alert-event.enum.js';

@ObjectType('Alert', { description: 'One delivered match; REST GET /alerts/:id in camelCase.' })
export class AlertModel {
  @Field(() => AlertEventEnum)
  event: AlertEvent;

  @Field({ description: 'Match time, ISO 8601 with milliseconds and offset.' })
  timestamp: string;

  @Field(() => ID, { description: "The alert's own id: REST inbox_id, the argument of alert(id)." })
  id: string;

  @Field({ description: 'Reddit id of the post or comment: REST id.' })
  redditId: string;

  @Field({ description: "Post title; for a comment, the parent post's." })
  title: string;

  @Field()
  subreddit: string;

  @Field()
  author: string;

  @Field({ description: "Post text; for a comment, the parent post's." })
  selftext: string;

  @Field()
  url: string;

  @Field({ description: 'Text of the keyword that matched: REST keyword.' })
  keywordText: string;

  @Field(() => ID)
  keywordId: string;

  @Field(() => Float, { nullable: true, description: 'Always null: alerts are unscored.' })
  relevanceScore: null;

  @Field(() => Int, { description: "Post upvotes; for a comment, the parent post's." })
  upvotes: number;

  @Field(() => Int, { description: "Post reply count; for a comment, the parent post's." })
  replies: number;

  @Field(() => Float, { description: 'Unix seconds (Float, since GraphQL Int stops at 2038).' })
  createdUtc: number;

  @Field(() => String, { nullable: true, description: 'The comment body; null on post alerts.' })
  comment: string | null;

  /** The stored alert, for fields computed from it (webhookPayload); not in the schema. */
  source: AlertEntity;
}

/** Built from the REST body so both APIs format every value the same way. */
export function toAlertModel(alert: AlertEntity): AlertModel {
  const rest = toAlertResponse(alert);
  return {
    event: rest.event,
    timestamp: rest.timestamp,
    id: rest.inbox_id,
    redditId: rest.id,
    title: rest.title,
    subreddit: rest.subreddit,
    author: rest.author,
    selftext: rest.selftext,
    url: rest.url,
    keywordText: rest.keyword,
    keywordId: rest.keyword_id,
    relevanceScore: rest.relevance_score,
    upvotes: rest.upvotes,
    replies: rest.replies,
    createdUtc: rest.created_utc,
    comment: rest.comment ?? null,
    source: alert,
  };
}
