import { firstRecheck, nextRecheck } from './recheck-schedule.js';

const HOUR_MS = 3_600_000;
const created = 1_763_719_200;
const createdMs = created * 1_000;

describe('when an item is re-checked', () => {
  it('at +1 h, then at +6 h, after Reddit created it', () => {
    expect(firstRecheck(created, createdMs + 60_000)).toEqual({
      stage: 1,
      dueAt: createdMs + HOUR_MS,
    });
    expect(nextRecheck(1, created)).toEqual({ stage: 2, dueAt: createdMs + 6 * HOUR_MS });
    expect(nextRecheck(2, created)).toBeNull();
  });

  it('at +6 h only when first seen after +1 h, and never when first seen after +6 h', () => {
    expect(firstRecheck(created, createdMs + 2 * HOUR_MS)).toEqual({
      stage: 2,
      dueAt: createdMs + 6 * HOUR_MS,
    });
    expect(firstRecheck(created, createdMs + 6 * HOUR_MS)).toBeNull();
  });
});
