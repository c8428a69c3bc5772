import type { Request } from 'express';

/**
 * The address a request came from: the TCP peer, or under TRUST_PROXY the last X-Forwarded-For
 * entry, which the operator's own proxy appended (earlier entries are whatever the client wrote).
 */
export function clientAddress(request: Request, trustProxy: boolean): string {
  const forwarded = trustProxy ? request.headers['x-forwarded-for'] : undefined;
  const lastHop = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .at(-1);
  return lastHop ?? request.socket.remoteAddress ?? 'unknown';
}
