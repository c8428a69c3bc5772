import type { Request } from 'express';

/**
 * The value of one cookie of the request (`Cookie: a=1; name=value`), or undefined. Values are
 * taken as sent: the service's own cookies hold base64url only, so none needs decoding.
 */
export function cookieValue(request: Request, name: string): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator !== -1 && pair.slice(0, separator).trim() === name) {
      return pair.slice(separator + 1).trim();
    }
  }
  return undefined;
}
