import { isIP } from 'node:net';
import { AppError } from '../../common/errors/app-error.js';

/** http is accepted on these hosts only, and only with SSO_ALLOW_HTTP (development, tests). */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

/**
 * The issuer URL an admin typed, checked: https, or http on a loopback host when
 * `allowHttpLoopback` (SSO_ALLOW_HTTP). No query, no fragment, no credentials; a trailing slash
 * is kept as typed, since the issuer must match the provider's own string exactly.
 */
export function parseIssuer(input: string, allowHttpLoopback: boolean): URL {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw AppError.invalidBody('The issuer must be a URL such as https://login.example.com');
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw AppError.invalidBody('The issuer URL takes no credentials, query or fragment');
  }
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && allowHttpLoopback && isLoopbackHost(url.hostname)) return url;
  throw AppError.invalidBody(
    url.protocol === 'http:' && allowHttpLoopback
      ? 'SSO_ALLOW_HTTP accepts http issuers on a loopback host only (localhost, 127.0.0.0/8, ::1)'
      : 'The issuer must use https',
  );
}
