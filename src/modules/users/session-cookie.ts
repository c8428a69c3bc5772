import type { CookieOptions, Response } from 'express';
import type { PublicUrlSettings } from '../../config/app-config.js';
import { SESSION_COOKIE } from '../auth/session-authenticator.js';
import { SESSION_MAX_AGE_MS } from './session-policy.js';

/**
 * HttpOnly (no script reads it), SameSite=Strict (no other site's page sends it), the whole
 * host (the dashboard's pages and /graphql), Secure when the public URL is https. It lives
 * as long as a session may.
 */
function cookieOptions(settings: PublicUrlSettings): CookieOptions {
  return {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: settings.baseUrl?.startsWith('https://') ?? false,
  };
}

export function setSessionCookie(res: Response, token: string, settings: PublicUrlSettings): void {
  res.cookie(SESSION_COOKIE, token, { ...cookieOptions(settings), maxAge: SESSION_MAX_AGE_MS });
}

export function clearSessionCookie(res: Response, settings: PublicUrlSettings): void {
  res.clearCookie(SESSION_COOKIE, cookieOptions(settings));
}
