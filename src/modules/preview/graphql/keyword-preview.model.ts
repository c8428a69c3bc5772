import { Field, Float, Int, ObjectType } from '@nestjs/graphql';
import type { AlertEvent } from '../../alerts/alert.entity.js';
import { AlertEventEnum } from '../../alerts/graphql/alert-event.enum.js';
import type { KeywordPreview, PreviewSample } from '../keyword-preview.service.js';

@ObjectType('PreviewHighlight', { description: 'A span of a field that made the sample match.' })
export class PreviewHighlightModel {
  @Field({ description: 'title, selftext or comment.' })
  field: string;

  @Field(() => Int, { description: 'UTF-16 offset of its first character.' })
  start: number;

  @Field(() => Int, { description: 'UTF-16 offset just past its end.' })
  end: number;
}

@ObjectType('PreviewSample', {
  description: 'A match shaped as an alert (none was stored), with its highlights.',
})
export class PreviewSampleModel {
  @Field(() => AlertEventEnum)
  event: AlertEvent;

  @Field({ description: 'When the item came in, ISO 8601 with milliseconds and offset.' })
  timestamp: string;

  @Field({ description: 'Reddit id of the post or comment.' })
  redditId: string;

  @Field()
  title: string;

  @Field()
  subreddit: string;

  @Field()
  author: string;

  @Field()
  selftext: string;

  @Field()
  url: string;

  @Field(() => Int)
  upvotes: number;

  @Field(() => Int)
  replies: number;

  @Field(() => Float)
  createdUtc: number;

  @Field(() => String, { nullable: true })
  comment: string | null;

  @Field(() => [PreviewHighlightModel])
  highlights: PreviewHighlightModel[];
}

@ObjectType('PreviewHour')
export class PreviewHourModel {
  @Field()
  hour: string;

  @Field(() => Int)
  matches: number;
}

@ObjectType('PreviewSubreddit')
export class PreviewSubredditModel {
  @Field()
  subreddit: string;

  @Field(() => Int)
  matches: number;
}

@ObjectType('KeywordPreview', {
  description: 'REST POST /keywords/preview in camelCase: what the keyword would have matched.',
})
export class KeywordPreviewModel {
  @Field()
  from: string;

  @Field()
  to: string;

  @Field(() => Int)
  itemsSearched: number;

  @Field(() => Int)
  matches: number;

  @Field({ description: 'True when the counts were extrapolated from a sample.' })
  estimated: boolean;

  @Field(() => [PreviewHourModel])
  perHour: PreviewHourModel[];

  @Field(() => [PreviewSubredditModel])
  subreddits: PreviewSubredditModel[];

  @Field(() => [PreviewSampleModel])
  samples: PreviewSampleModel[];

  @Field(() => Int)
  dailyCap: number;

  @Field(() => Int)
  daysOverCap: number;
}

function toSampleModel(sample: PreviewSample): PreviewSampleModel {
  return {
    event: sample.event,
    timestamp: sample.timestamp,
    redditId: sample.id,
    title: sample.title,
    subreddit: sample.subreddit,
    author: sample.author,
    selftext: sample.selftext,
    url: sample.url,
    upvotes: sample.upvotes,
    replies: sample.replies,
    createdUtc: sample.created_utc,
    comment: sample.comment ?? null,
    highlights: sample.highlights,
  };
}

/** Built from the REST body so both APIs say the same. */
export function toKeywordPreviewModel(preview: KeywordPreview): KeywordPreviewModel {
  return {
    from: preview.from,
    to: preview.to,
    itemsSearched: preview.items_searched,
    matches: preview.matches,
    estimated: preview.estimated,
    perHour: preview.per_hour,
    subreddits: preview.subreddits,
    samples: preview.samples.map(toSampleModel),
    dailyCap: preview.daily_cap,
    daysOverCap: preview.days_over_cap,
  };
}
