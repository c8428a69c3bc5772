import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes in base64url: the cookie's value, and separately the CSRF token. */
export function generateSessionSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Rules out junk before any database lookup. */
export function isSessionTokenShaped(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
