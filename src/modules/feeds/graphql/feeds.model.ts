import { Field, ObjectType } from '@nestjs/graphql';
import type { FeedTokenEntity } from '../feed-token.entity.js';
import { toFeedSettingsResponse } from '../dto/feed-settings.dto.js';

const SHOWN_ONCE =
  'Only in the answer to rotateFeedToken: the URLs hold the token, of which only a hash is stored.';

@ObjectType('Feeds', { description: 'GET /api/v1/feeds, with the URLs when a token is issued.' })
export class FeedsModel {
  @Field({ description: 'Whether a feed token exists.' })
  enabled: boolean;

  @Field(() => String, { nullable: true, description: "The token's first 12 characters." })
  tokenPrefix: string | null;

  @Field(() => String, { nullable: true, description: 'When the token was issued (ISO 8601).' })
  createdAt: string | null;

  @Field(() => String, { nullable: true, description: `RSS 2.0 feed. ${SHOWN_ONCE}` })
  rssUrl: string | null;

  @Field(() => String, { nullable: true, description: `Atom 1.0 feed. ${SHOWN_ONCE}` })
  atomUrl: string | null;
}

/** Built from the REST body so both APIs format every value the same way. */
export function toFeedsModel(
  feedToken: FeedTokenEntity | null,
  urls: { rssUrl: string; atomUrl: string } | null = null,
): FeedsModel {
  const rest = toFeedSettingsResponse(feedToken);
  return {
    enabled: rest.enabled,
    tokenPrefix: rest.token_prefix,
    createdAt: rest.created_at,
    rssUrl: urls?.rssUrl ?? null,
    atomUrl: urls?.atomUrl ?? null,
  };
}
