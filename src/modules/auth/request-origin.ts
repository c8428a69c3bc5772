import type { Request } from 'express';

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * The browser says the request comes from another origin than `ownOrigin` (scheme, host and
 * port: another port of the same host is another origin, though the same site to SameSite
 * cookies): Sec-Fetch-Site is not same-origin, or Origin differs (an opaque `null` included).
 * A request with neither header is not a browser's cross-origin request.
 */
export function isCrossOrigin(request: Request, ownOrigin: string): boolean {
  const site = request.get('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin') return true;
  const origin = request.get('origin');
  return origin !== undefined && originOf(origin) !== originOf(ownOrigin);
}
