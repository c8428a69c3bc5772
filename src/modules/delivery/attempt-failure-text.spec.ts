import {
  describeHttpStatus,
  describeRequestError,
  describeTimeout,
} from './attempt-failure-text.js';

function errorWithCode(code: string, message = code): Error {
  return Object.assign(new Error(message), { code });
}

describe('attempt failure texts', () => {
  it.each([
    [10000, 'timeout after 10 s'],
    [500, 'timeout after 0.5 s'],
    [2500, 'timeout after 2.5 s'],
  ])('words a %i ms deadline as %j', (timeoutMs, text) => {
    expect(describeTimeout(timeoutMs)).toBe(text);
  });

  it.each([
    [404, 'HTTP 404 Not Found'],
    [503, 'HTTP 503 Service Unavailable'],
    [301, 'HTTP 301 Moved Permanently (redirects are not followed)'],
    [599, 'HTTP 599'],
  ])('words status %i as %j', (status, text) => {
    expect(describeHttpStatus(status)).toBe(text);
  });

  it.each([
    ['seconds', '30', 'HTTP 429 Too Many Requests (Retry-After: 30)'],
    [
      'a date',
      'Wed, 21 Oct 2026 07:28:00 GMT',
      'HTTP 429 Too Many Requests (Retry-After: Wed, 21 Oct 2026 07:28:00 GMT)',
    ],
    ['nothing', undefined, 'HTTP 429 Too Many Requests'],
    ['markup instead of a wait', '<script>alert(1)</script>', 'HTTP 429 Too Many Requests'],
    ['a wait longer than any date', '9'.repeat(41), 'HTTP 429 Too Many Requests'],
  ])('adds the Retry-After of a 429 given as %s', (_case, retryAfter, text) => {
    expect(describeHttpStatus(429, retryAfter)).toBe(text);
  });

  it('adds no Retry-After to other statuses', () => {
    expect(describeHttpStatus(503, '30')).toBe('HTTP 503 Service Unavailable');
  });

  it.each([
    ['a lookup that found nothing', errorWithCode('ENOTFOUND'), 'DNS lookup failed'],
    ['a connect timeout', errorWithCode('UND_ERR_CONNECT_TIMEOUT'), 'timeout after 10 s'],
    [
      'every address refusing (happy eyeballs)',
      new AggregateError([errorWithCode('ECONNREFUSED'), errorWithCode('ECONNREFUSED')]),
      'connection refused',
    ],
    [
      'an expired certificate',
      errorWithCode('CERT_HAS_EXPIRED', 'certificate has expired'),
      'TLS error: certificate has expired',
    ],
    ['an unknown failure', new Error('x'.repeat(500)), `request failed: ${'x'.repeat(183)}…`],
  ])('words %s in a few words', (_situation, error, text) => {
    expect(describeRequestError(error, 10000)).toBe(text);
  });
});
