import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import { AppError } from '../../../common/errors/app-error.js';
import { requestOf } from '../../../common/http/request-of.js';
import { hashFeedToken } from '../feed-token-secret.js';

export const FEED_RATE_LIMIT_PER_MINUTE = 60;
const MINUTE_MS = 60_000;
const THROTTLER_NAME = 'feed';

/**
 * Feed requests carry no API key, so the global per-key limiter skips them; they are counted per
 * feed token instead, in the same throttler storage (Redis when configured). Not per IP: hosted
 * feed readers fetch many people's feeds from a few addresses.
 */
@Injectable()
export class FeedRateLimitGuard implements CanActivate {
  constructor(@InjectThrottlerStorage() private readonly storage: ThrottlerStorage) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const token = String(requestOf(context).params.token ?? '');
    const record = await this.storage.increment(
      `${THROTTLER_NAME}:${hashFeedToken(token)}`,
      MINUTE_MS,
      FEED_RATE_LIMIT_PER_MINUTE,
      MINUTE_MS,
      THROTTLER_NAME,
    );
    if (record.isBlocked) {
      throw new AppError(
        'rate_limited',
        `Rate limit of ${FEED_RATE_LIMIT_PER_MINUTE} requests per minute per feed exceeded`,
        { 'Retry-After': String(Math.max(1, record.timeToBlockExpire)) },
      );
    }
    return true;
  }
}
