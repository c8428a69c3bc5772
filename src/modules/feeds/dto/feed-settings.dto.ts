import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ApiFlag, ApiNullable } from '../../../common/api-docs/api-fields.js';
import { isoWithMillis } from '../../../common/time/timestamps.js';
import type { FeedTokenEntity } from '../feed-token.entity.js';

/** GET /api/v1/feeds: whether feeds are on. The URLs hold the token, so only issuing shows them. */
@ApiSchema({ name: 'FeedSettings' })
export class FeedSettingsDto {
  @ApiFlag('A feed token exists.')
  enabled: boolean;

  @ApiNullable('string', 'The first characters of the token, to recognise it.')
  token_prefix: string | null;

  @ApiNullable('string', undefined, { format: 'date-time' })
  created_at: string | null;
}

export function toFeedSettingsResponse(feedToken: FeedTokenEntity | null): FeedSettingsDto {
  return {
    enabled: feedToken !== null,
    token_prefix: feedToken?.tokenPrefix ?? null,
    created_at: feedToken === null ? null : isoWithMillis(feedToken.createdAt),
  };
}

/** POST /api/v1/feeds/token: the token, shown only here, and the feed URLs that carry it. */
@ApiSchema({ name: 'FeedTokenIssued' })
export class FeedTokenIssuedDto {
  @ApiProperty({ type: () => FeedSettingsDto })
  data: FeedSettingsDto;

  @ApiProperty({
    type: 'string',
    description: 'The feed token: shown only in this response.',
  })
  token: string;

  @ApiProperty({ type: 'string', format: 'uri' })
  rss_url: string;

  @ApiProperty({ type: 'string', format: 'uri' })
  atom_url: string;
}
