import { Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import { createHash } from 'node:crypto';
import { AppError } from '../../common/errors/app-error.js';
import { SIGN_UP_LIMITS } from './sign-up-limits.js';

/**
 * Counts sign-ups in the rate-limit storage (Redis when configured, shared by every instance;
 * else this process's memory): per client address per hour, per email per day.
 */
@Injectable()
export class SignUpLimiter {
  constructor(@InjectThrottlerStorage() private readonly storage: ThrottlerStorage) {}

  /** Counts a sign-up from `address`; rate_limited (with Retry-After) once past the hour's limit. */
  async countClient(address: string): Promise<void> {
    const { perClient, clientWindowMs } = SIGN_UP_LIMITS;
    const record = await this.storage.increment(
      `sign-up-address:${address}`,
      clientWindowMs,
      perClient,
      clientWindowMs,
      'sign-up',
    );
    if (!record.isBlocked) return;
    throw new AppError(
      'rate_limited',
      `Too many sign-ups from your network: at most ${perClient} an hour. Try again later.`,
      { 'Retry-After': String(Math.max(1, record.timeToBlockExpire)) },
    );
  }

  /** Counts a sign-up for the email; false once past the day's limit (then nothing is mailed). */
  async countEmail(emailKey: string): Promise<boolean> {
    const { perEmail, emailWindowMs } = SIGN_UP_LIMITS;
    // The email is hashed: the counters may live in Redis, which should not hold addresses.
    const emailHash = createHash('sha256').update(emailKey).digest('base64url');
    const record = await this.storage.increment(
      `sign-up-email:${emailHash}`,
      emailWindowMs,
      perEmail,
      emailWindowMs,
      'sign-up',
    );
    return !record.isBlocked;
  }
}
