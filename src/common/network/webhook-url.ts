import { describeAddressRange } from './address-policy.js';
import { parseIpLiteral } from './ip-literal.js';

export const MAX_WEBHOOK_URL_LENGTH = 2048;
const TOO_LONG = `url must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`;

/** The host (and port) only: a webhook URL's path or query may carry the receiver's token. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '(not a URL)';
  }
}

/**
 * Suffixes that only ever resolve inside a network: mDNS (.local), the ICANN private-use TLD
 * (.internal), RFC 8375 (home.arpa), and router or corporate defaults ICANN will never delegate.
 */
const INTERNAL_SUFFIXES = ['local', 'internal', 'localdomain', 'lan', 'home', 'corp', 'home.arpa'];

export interface WebhookUrlOptions {
  /** Development only (WEBHOOK_ALLOW_PRIVATE): also accept http and hosts on private networks. */
  allowPrivate: boolean;
}

/** privateTarget: the URL would pass with WEBHOOK_ALLOW_PRIVATE (http, or a private/loopback host). */
export type WebhookUrlCheck =
  { ok: true; url: URL } | { ok: false; reason: string; privateTarget?: true };

const ALLOW_PRIVATE_HINT =
  'for local development, start the server with WEBHOOK_ALLOW_PRIVATE=true to allow http:// and private or loopback hosts';

/** The rejection as the API answers it: the reason, and what a developer on their own machine can do. */
export function describeUrlRejection(check: { reason: string; privateTarget?: true }): string {
  return check.privateTarget ? `${check.reason}; ${ALLOW_PRIVATE_HINT}` : check.reason;
}

/**
 * Decides whether a webhook may target this URL. Names are judged by their text only; the
 * addresses they resolve to are checked again when connecting (see safe-lookup.ts).
 */
export function checkWebhookUrl(raw: unknown, options: WebhookUrlOptions): WebhookUrlCheck {
  if (typeof raw !== 'string') return reject('url must be a string');
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) return reject(TOO_LONG);

  const url = parseAbsoluteUrl(raw);
  if (url === null) return reject('url must be an absolute URL');
  if (url.href.length > MAX_WEBHOOK_URL_LENGTH) return reject(TOO_LONG);

  const allowedProtocols = options.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!allowedProtocols.includes(url.protocol)) {
    if (options.allowPrivate) return reject('url must use https or http');
    return url.protocol === 'http:'
      ? rejectPrivateTarget('url must use https')
      : reject('url must use https');
  }
  if (url.username !== '' || url.password !== '') {
    return reject('url must not contain a username or password');
  }

  const hostProblem = options.allowPrivate ? null : describeNonPublicHost(url.hostname);
  return hostProblem === null ? { ok: true, url } : rejectPrivateTarget(hostProblem);
}

function parseAbsoluteUrl(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

function describeNonPublicHost(hostname: string): string | null {
  const literal = parseIpLiteral(hostname);
  if (literal !== null) {
    const range = describeAddressRange(literal.address);
    return range === 'public'
      ? null
      : `url must point at a public address, not ${literal.address} (${range})`;
  }

  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  if (name === 'localhost' || name.endsWith('.localhost')) return 'url must not point at localhost';
  if (!name.includes('.')) return 'url host must be a fully qualified domain name';
  const suffix = INTERNAL_SUFFIXES.find((candidate) => name.endsWith(`.${candidate}`));
  return suffix === undefined ? null : `url host must be a public name, not a .${suffix} name`;
}

function reject(reason: string): WebhookUrlCheck {
  return { ok: false, reason };
}

function rejectPrivateTarget(reason: string): WebhookUrlCheck {
  return { ok: false, reason, privateTarget: true };
}
