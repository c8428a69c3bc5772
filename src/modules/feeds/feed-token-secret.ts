import { createHash, randomBytes } from 'node:crypto';

const PREFIX = 'feed_';
/** 32 random bytes in base64url: 43 characters, URL-safe without escaping. */
const SHAPE = /^feed_[A-Za-z0-9_-]{43}$/;

export function generateFeedToken(): string {
  return PREFIX + randomBytes(32).toString('base64url');
}

export function hashFeedToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Rules out API keys and junk before any database lookup. */
export function isFeedTokenShaped(value: string): boolean {
  return SHAPE.test(value);
}

export function feedTokenPrefix(token: string): string {
  return token.slice(0, 12);
}
