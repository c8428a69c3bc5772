import { coveragePercent, nearestRankIndex, perMinute } from './figure-math.js';

const MINUTE = 60_000;

describe('perMinute', () => {
  it('gives every minute of the window a value, 0 where nothing was written', () => {
    const totals = [
      { minute: MINUTE, value: 12 },
      { minute: 3 * MINUTE, value: 4 },
    ];
    expect(perMinute(totals, 0, 4 * MINUTE)).toEqual([0, 12, 0, 4]);
  });

  it('ignores minutes outside the window', () => {
    expect(perMinute([{ minute: 9 * MINUTE, value: 1 }], 0, 2 * MINUTE)).toEqual([0, 0]);
  });
});

describe('coveragePercent', () => {
  it('is 100 when nothing was dropped: ids absent twice count as never visible', () => {
    expect(
      coveragePercent({ itemsHanded: 850, idsFound: 500, idsGivenUp: 150, idsDropped: 0 }),
    ).toBe(100);
  });

  it('counts dropped ids as missed at the share of walked ids found visible', () => {
    // 80% of walked ids were visible, so 100 dropped ids hid about 80 items.
    const percent = coveragePercent({
      itemsHanded: 920,
      idsFound: 400,
      idsGivenUp: 100,
      idsDropped: 100,
    });
    expect(percent).toBeCloseTo((100 * 920) / 1000, 10);
  });

  it('is unknown before any item was handed over', () => {
    expect(coveragePercent({ itemsHanded: 0, idsFound: 0, idsGivenUp: 5, idsDropped: 0 })).toBe(
      null,
    );
  });
});

describe('nearestRankIndex', () => {
  it('picks the value at or above the share of the sorted list', () => {
    expect(nearestRankIndex(100, 95)).toBe(94);
    expect(nearestRankIndex(100, 50)).toBe(49);
    expect(nearestRankIndex(1, 95)).toBe(0);
    expect(nearestRankIndex(3, 50)).toBe(1);
  });
});
