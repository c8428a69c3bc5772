import { createHash, randomBytes } from 'node:crypto';

const PREFIX = 'setup_';

/** 32 random bytes (256 bits) in base64url behind a readable prefix: the setup link's secret. */
export function generateSetupToken(): string {
  return PREFIX + randomBytes(32).toString('base64url');
}

/** Rules out junk before any database lookup. */
export function isSetupTokenShaped(value: string): boolean {
  return /^setup_[A-Za-z0-9_-]{43}$/.test(value);
}

/** What the database keeps of a token: its SHA-256, never the token. */
export function hashSetupToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
