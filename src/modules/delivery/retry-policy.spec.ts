import fc from 'fast-check';
import {
  RETRY_DELAYS_MS,
  isFinalFailure,
  nextRetryAt,
  retryAfterMs,
  type RetryQuestion,
} from './retry-policy.js';

const AT = Date.parse('2026-03-01T12:00:00Z');
const HOUR = 3_600_000;

const question = (change: Partial<RetryQuestion> = {}): RetryQuestion => ({
  policy: 'standard',
  trigger: 'automatic',
  retries: 0,
  failure: { status: 500, refused: false, retryAfterMs: null },
  attemptedAt: AT,
  random: 0.5,
  ...change,
});

describe('nextRetryAt', () => {
  it('waits about 5 s, 1 min, 10 min, 1 h and 6 h after attempts 1 to 5, and nothing after the 6th', () => {
    const waits = [0, 1, 2, 3, 4, 5].map((retries) => nextRetryAt(question({ retries })));
    expect(waits).toEqual([AT + 5_000, AT + 60_000, AT + 600_000, AT + HOUR, AT + 6 * HOUR, null]);
  });

  it('moves each wait by at most 20% either way, over the whole range of the jitter', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: RETRY_DELAYS_MS.length - 1 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (retries, random) => {
          const wait = nextRetryAt(question({ retries, random }))! - AT;
          const delay = RETRY_DELAYS_MS[retries];
          return wait >= Math.round(delay * 0.8) && wait <= Math.round(delay * 1.2);
        },
      ),
    );
    expect(nextRetryAt(question({ random: 0 }))).toBe(AT + 4_000);
    expect(nextRetryAt(question({ random: 0.999999 }))).toBe(AT + 6_000);
  });

  it('takes the wait a 429 or 503 asks for with Retry-After, up to 6 h, instead of the schedule', () => {
    for (const status of [429, 503]) {
      const asked = (retryAfter: number) =>
        nextRetryAt(
          question({ retries: 3, failure: { status, refused: false, retryAfterMs: retryAfter } }),
        );
      expect(asked(30_000)).toBe(AT + 30_000);
      expect(asked(0)).toBe(AT);
      expect(asked(6 * HOUR)).toBe(AT + 6 * HOUR);
      expect(asked(6 * HOUR + 1)).toBe(AT + HOUR);
    }
    const retryAfterOn500 = { status: 500, refused: false, retryAfterMs: 30_000 };
    expect(nextRetryAt(question({ failure: retryAfterOn500 }))).toBe(AT + 5_000);
  });

  it('never retries a final failure: a 4xx other than 408, 409, 425 and 429, or a refused URL', () => {
    for (const status of [400, 401, 403, 404, 405, 410, 413, 422, 451]) {
      expect([
        status,
        nextRetryAt(question({ failure: { status, refused: false, retryAfterMs: null } })),
      ]).toEqual([status, null]);
    }
    for (const status of [408, 409, 425, 429, 500, 502, 503, 504, null]) {
      expect(
        nextRetryAt(question({ failure: { status, refused: false, retryAfterMs: null } })),
      ).toBe(AT + 5_000);
    }
    expect(
      nextRetryAt(question({ failure: { status: null, refused: true, retryAfterMs: null } })),
    ).toBeNull();
    expect(isFinalFailure({ status: 302, refused: false, retryAfterMs: null })).toBe(false);
  });

  it('retries nothing under the policy none, nor after a redelivery', () => {
    expect(nextRetryAt(question({ policy: 'none' }))).toBeNull();
    expect(nextRetryAt(question({ trigger: 'redelivery' }))).toBeNull();
    expect(nextRetryAt(question({ trigger: 'retry', retries: 2 }))).toBe(AT + 600_000);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates; a date past is now; anything else is nothing', () => {
    expect(retryAfterMs('120', AT)).toBe(120_000);
    expect(retryAfterMs(' 0 ', AT)).toBe(0);
    expect(retryAfterMs(new Date(AT + 90_000).toUTCString(), AT)).toBe(90_000);
    expect(retryAfterMs(new Date(AT - 90_000).toUTCString(), AT)).toBe(0);
    for (const unreadable of ['-5', '1.5', 'soon', '', '12345678901', undefined, ['5']]) {
      expect([unreadable, retryAfterMs(unreadable, AT)]).toEqual([unreadable, null]);
    }
  });
});
