import { STATUS_CODES } from 'node:http';

import { BLOCKED_ADDRESS_CODE } from '../../common/network/safe-lookup.js';

/** Failure texts end up in a webhook's last_error, so they stay short and human. */
const MAX_TEXT_LENGTH = 200;

const TEXT_BY_CODE: Partial<Record<string, string>> = {
  [BLOCKED_ADDRESS_CODE]: 'blocked: private address',
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection reset',
  UND_ERR_SOCKET: 'connection reset',
  ENOTFOUND: 'DNS lookup failed',
  EAI_AGAIN: 'DNS lookup failed',
  EAI_FAIL: 'DNS lookup failed',
  ENODATA: 'DNS lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
};

const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT']);

/** Seconds or an HTTP date: anything else a receiver puts in Retry-After is left out. */
const RETRY_AFTER_PATTERN = /^[0-9A-Za-z ,:.+-]{1,40}$/;

/**
 * "HTTP 500 Internal Server Error"; a 429 (a chat platform's rate limit) says when the platform
 * lets the sender try again, as its Retry-After header gave it: "… (Retry-After: 30)".
 */
export function describeHttpStatus(status: number, retryAfter?: unknown): string {
  const text = `HTTP ${status} ${STATUS_CODES[status] ?? ''}`.trimEnd();
  if (status >= 300 && status < 400) return `${text} (redirects are not followed)`;
  const wait = typeof retryAfter === 'string' ? retryAfter.trim() : '';
  if (status === 429 && RETRY_AFTER_PATTERN.test(wait)) return `${text} (Retry-After: ${wait})`;
  return text;
}

export function describeTimeout(timeoutMs: number): string {
  return `timeout after ${Number((timeoutMs / 1000).toFixed(3))} s`;
}

export function describeRequestError(error: unknown, timeoutMs: number): string {
  const { code, message, reason } = rootCause(error);
  if (TIMEOUT_CODES.has(code)) return describeTimeout(timeoutMs);
  const known = TEXT_BY_CODE[code];
  if (known !== undefined) return known;
  if (isTlsCode(code)) return shorten(`TLS error: ${reason ?? message}`);
  return shorten(`request failed: ${message || code || 'unknown error'}`);
}

/** The host resolved to an address the URL rules refuse: nothing was sent. */
export function isRefusedAddress(error: unknown): boolean {
  return rootCause(error).code === BLOCKED_ADDRESS_CODE;
}

interface ErrorDetails {
  code?: unknown;
  message?: unknown;
  /** OpenSSL's short reason ("wrong version number"), when Node provides one. */
  reason?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/**
 * The error that says why: happy eyeballs wraps one per address in an AggregateError, and some
 * layers wrap the original in `cause`. Duck-typed, since errors may come from another realm.
 */
function rootCause(error: unknown): { code: string; message: string; reason: string | null } {
  const details: ErrorDetails = typeof error === 'object' && error !== null ? error : {};
  if (Array.isArray(details.errors) && details.errors.length > 0) {
    return rootCause(details.errors[0]);
  }
  if (details.code === undefined && details.cause !== undefined) return rootCause(details.cause);
  return {
    code: typeof details.code === 'string' ? details.code : '',
    message: typeof details.message === 'string' ? details.message : String(error),
    reason: typeof details.reason === 'string' ? details.reason : null,
  };
}

function isTlsCode(code: string): boolean {
  return (
    code.startsWith('ERR_TLS_') ||
    code.startsWith('ERR_SSL_') ||
    code.includes('CERT') ||
    code === 'EPROTO'
  );
}

function shorten(text: string): string {
  return text.length <= MAX_TEXT_LENGTH ? text : `${text.slice(0, MAX_TEXT_LENGTH - 1)}…`;
}
