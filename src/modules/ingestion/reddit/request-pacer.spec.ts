import { RateLimitTracker } from './rate-limit.js';
import { RequestPacer } from './request-pacer.js';

const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);

function headers(remaining: number, used: number, resetSeconds: number) {
  return {
    'x-ratelimit-remaining': remaining.toFixed(1),
    'x-ratelimit-used': String(used),
    'x-ratelimit-reset': String(resetSeconds),
  };
}

describe('RequestPacer', () => {
  it('lets a short burst out, then one request per 600 ms (100 a minute)', () => {
    const pacer = new RequestPacer(new RateLimitTracker());
    let now = T0;
    const sentAt: number[] = [];
    while (now < T0 + 60_000) {
      if (pacer.available(now) >= 1) {
        pacer.take(now);
        sentAt.push(now);
      } else {
        now = pacer.nextAt(now);
      }
    }

    expect(sentAt.slice(0, 4)).toEqual([T0, T0, T0, T0]);
    expect(sentAt.length).toBeGreaterThanOrEqual(100);
    expect(sentAt.length).toBeLessThanOrEqual(104);
  });

  it("slows down to what Reddit's window has left, and stops at the reserve until it resets", () => {
    const tracker = new RateLimitTracker();
    const pacer = new RequestPacer(tracker, { requestsPerMinute: 100, burst: 1, reserve: 2 });
    tracker.update(headers(12, 588, 100), T0);
    pacer.take(T0);

    // 10 spendable requests over 100 s: one every 10 s rather than every 600 ms.
    expect(pacer.nextAt(T0)).toBeGreaterThan(T0 + 9_000);
    tracker.update(headers(2, 598, 50), T0 + 50_000);
    expect(pacer.available(T0 + 50_000)).toBe(0);
    expect(pacer.nextAt(T0 + 50_000)).toBe(T0 + 101_000);
    expect(pacer.available(T0 + 101_000)).toBe(1);
  });
});
