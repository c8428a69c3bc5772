import { createHash, randomBytes } from 'node:crypto';

export const CONFIRMATION_LINK_TTL_MS = 48 * 3_600_000;

/**
 * 32 random bytes, URL-safe, after a prefix that tells what it is (and lets the request log
 * redact it, redact-url.ts): the secret part of a confirmation or unsubscribe link.
 */
export function newLinkToken(): string {
  return `mail_${randomBytes(32).toString('base64url')}`;
}

/** A confirmation token is stored as this only. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What a link token looks like; anything else is refused before the database is asked. */
export const LINK_TOKEN_FORMAT = /^mail_[A-Za-z0-9_-]{43}$/;

/** The pages a mail links to, under PUBLIC_BASE_URL. */
export const EMAIL_PAGES_PATH = '/email';

export const confirmUrl = (baseUrl: string, token: string) =>
  `${baseUrl}${EMAIL_PAGES_PATH}/confirm/${token}`;

export const unsubscribeUrl = (baseUrl: string, token: string) =>
  `${baseUrl}${EMAIL_PAGES_PATH}/unsubscribe/${token}`;
