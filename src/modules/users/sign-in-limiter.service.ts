import { Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import { createHash } from 'node:crypto';
import { AppError } from '../../common/errors/app-error.js';

const WINDOW_MS = 15 * 60_000;

/**
 * Password attempts (sign-in, and the current password of a change) allowed per 15 minutes: per
 * email, so guessing one user's password from many addresses stays slow, and per client address,
 * so one address cannot try many users. Every attempt counts, right or wrong, before the
 * password is checked; past a limit the rest of the window answers 429.
 */
export const SIGN_IN_LIMITS = { perEmail: 10, perAddress: 60, windowMs: WINDOW_MS } as const;

@Injectable()
export class SignInLimiter {
  constructor(@InjectThrottlerStorage() private readonly storage: ThrottlerStorage) {}

  /** Counts an attempt; throws rate_limited (with Retry-After) once either count is over. */
  async count(emailKey: string, address: string): Promise<void> {
    // Counters live in Redis when configured: the email is hashed, never stored there as is.
    const emailHash = createHash('sha256').update(emailKey).digest('base64url');
    const records = await Promise.all([
      this.increment(`sign-in-email:${emailHash}`, SIGN_IN_LIMITS.perEmail),
      this.increment(`sign-in-address:${address}`, SIGN_IN_LIMITS.perAddress),
    ]);
    const blocked = records.filter((record) => record.isBlocked);
    if (blocked.length === 0) return;
    const retryAfter = Math.max(1, ...blocked.map((record) => record.timeToBlockExpire));
    throw new AppError(
      'rate_limited',
      `Too many sign-in attempts: at most ${SIGN_IN_LIMITS.perEmail} per email and ${SIGN_IN_LIMITS.perAddress} per address in 15 minutes`,
      { 'Retry-After': String(retryAfter) },
    );
  }

  private increment(key: string, limit: number) {
    return this.storage.increment(key, WINDOW_MS, limit, WINDOW_MS, 'sign-in');
  }
}
