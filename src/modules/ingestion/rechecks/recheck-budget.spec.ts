import { RecheckBudget } from './recheck-budget.js';

/** Sends whenever the budget allows, once a second of simulated time; returns the send times. */
function sendGreedily(budget: RecheckBudget, seconds: number, stepMs = 1_000): number[] {
  const sent: number[] = [];
  for (let now = 0; now < seconds * 1_000; now += stepMs) {
    if (!budget.mayRequest(now)) continue;
    budget.spent(now);
    sent.push(now);
  }
  return sent;
}

describe('RecheckBudget', () => {
  it('never sends more than a tenth of the credentials’ requests in any 60 seconds', () => {
    for (const requestsPerMinute of [100, 200, 300]) {
      const sent = sendGreedily(new RecheckBudget(() => requestsPerMinute), 600, 250);
      for (const start of sent) {
        const inWindow = sent.filter((at) => at >= start && at < start + 60_000).length;
        expect(inWindow).toBeLessThanOrEqual(requestsPerMinute / 10);
      }
      // And it does use its share when re-checks are due all the time.
      expect(sent.length).toBeGreaterThanOrEqual((requestsPerMinute / 10) * 10 - 1);
    }
  });

  it('spaces its requests evenly instead of spending a minute’s share at once', () => {
    const sent = sendGreedily(new RecheckBudget(() => 100), 60);
    const gaps = sent.slice(1).map((at, index) => at - sent[index]);
    expect(gaps.every((gap) => gap >= 6_000)).toBe(true);
  });

  it('follows the credentials as they change, and sends nothing with less than 10 a minute', () => {
    let requestsPerMinute = 100;
    const budget = new RecheckBudget(() => requestsPerMinute);
    expect(budget.perMinute).toBe(10);
    requestsPerMinute = 9;
    expect(budget.mayRequest(0)).toBe(false);
  });
});
