import { describe, expect, it } from 'vitest';
import { RequestBudget } from './request-budget';

describe('RequestBudget', () => {
  it('lets requests through until the minute is spent, then says when the oldest frees a place', () => {
    const budget = new RequestBudget(3);
    for (const at of [0, 1_000, 2_000]) {
      expect(budget.waitMs(at)).toBe(0);
      budget.spend(at);
    }
    expect(budget.waitMs(10_000)).toBe(50_000);
    expect(budget.waitMs(60_000)).toBe(0);
    budget.spend(60_000);
    expect(budget.waitMs(60_500)).toBe(500);
  });
});
