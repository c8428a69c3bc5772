import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieOptions } from 'express';
import type { PublicUrlSettings } from '../../config/app-config.js';

/** The cookie that binds a sign-in to the browser that started it. */
export const SSO_BROWSER_COOKIE = 'alerts_sso';
/** Where the provider sends the browser back (GET, with code and state). */
export const SSO_CALLBACK_PATH = '/dashboard/sso/callback';
/** How long a sign-in may stay at the provider. */
export const SSO_LOGIN_TTL_MS = 10 * 60_000;

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export const newBrowserSecret = () => randomBytes(32).toString('base64url');

export function sameHash(left: string, right: string): boolean {
  const a = Buffer.from(left);
  const b = Buffer.from(right);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The PKCE code verifier and the nonce of a sign-in, derived from the browser's secret and the
 * state (43 base64url characters each): nothing that opens the sign-in is stored on the server,
 * and only the browser that started it holds what finishes it.
 */
export function derivedSecrets(browserSecret: string, state: string) {
  const derive = (purpose: string) =>
    createHmac('sha256', browserSecret).update(`${purpose}:${state}`).digest('base64url');
  return { codeVerifier: derive('pkce'), nonce: derive('nonce') };
}

/**
 * HttpOnly, for the callback path only, SameSite=Lax: the provider's redirect back is a
 * top-level navigation from another site, which a Strict cookie would not follow.
 */
export function browserCookieOptions(settings: PublicUrlSettings): CookieOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: SSO_CALLBACK_PATH,
    secure: settings.baseUrl?.startsWith('https://') ?? false,
  };
}
