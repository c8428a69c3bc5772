import { isoWithMillis } from '../../common/time/timestamps.js';
import type { FeedTokenEntity } from './feed-token.entity.js';

/** GET /api/v1/feeds: whether feeds are on. The URLs hold the token, so only issuing shows them. */
export interface FeedSettingsResponse {
  enabled: boolean;
  token_prefix: string | null;
  created_at: string | null;
}

export function toFeedSettingsResponse(feedToken: FeedTokenEntity | null): FeedSettingsResponse {
  return {
    enabled: feedToken !== null,
    token_prefix: feedToken?.tokenPrefix ?? null,
    created_at: feedToken === null ? null : isoWithMillis(feedToken.createdAt),
  };
}
