import { Inject, Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import { AppError } from '../../common/errors/app-error.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';

const MINUTE_MS = 60_000;
const THROTTLER_NAME = 'auth-failure';

/**
 * Requests without a valid key have no key to be counted against, so they are counted per client
 * address instead (in the throttler storage, shared through Redis when configured). Past the limit
 * a failed authentication answers 429 instead of 401 for the rest of the window; a valid key from
 * the same address (say, behind one proxy) is never refused by it.
 */
@Injectable()
export class AuthFailureLimiter {
  constructor(
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Counts the failure of `address`, then throws it, or a 429 once the address is over its limit. */
  async refuse(address: string, failure: AppError): Promise<never> {
    const limit = this.config.authFailuresPerMinute;
    const record = await this.storage.increment(
      `${THROTTLER_NAME}:${address}`,
      MINUTE_MS,
      limit,
      MINUTE_MS,
      THROTTLER_NAME,
    );
    if (record.isBlocked) {
      throw new AppError(
        'rate_limited',
        `More than ${limit} requests without a valid API key per minute from this address`,
        { 'Retry-After': String(Math.max(1, record.timeToBlockExpire)) },
      );
    }
    throw failure;
  }
}
