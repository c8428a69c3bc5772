import { RetryPace } from './retry-pace.js';

describe('RetryPace', () => {
  it('allows a burst, then refills at its rate, never beyond the burst', () => {
    let now = 0;
    const pace = new RetryPace(50, 10, () => now);
    expect(pace.allowance()).toBe(10);
    pace.spend(10);
    expect(pace.allowance()).toBe(0);
    now += 100;
    expect(pace.allowance()).toBe(5);
    pace.spend(2);
    now += 20;
    expect(pace.allowance()).toBe(4);
    now += 60_000;
    expect(pace.allowance()).toBe(10);
  });
});
