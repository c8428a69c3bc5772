import {
  containsId,
  countIds,
  keepHighest,
  mergeRanges,
  missingIds,
  removeIds,
  takeHighest,
} from './id-ranges.js';

describe('id ranges', () => {
  it('finds the ids missing strictly between two bounds', () => {
    expect(missingIds(10, 20, [12, 13, 17, 25, 5])).toEqual([
      { from: 11, to: 11 },
      { from: 14, to: 16 },
      { from: 18, to: 19 },
    ]);
    expect(missingIds(10, 11, [])).toEqual([]);
    expect(missingIds(10, 14, [11, 12, 13])).toEqual([]);
  });

  it('merges overlapping and adjacent ranges', () => {
    const merged = mergeRanges(
      [{ from: 5, to: 7 }],
      [
        { from: 1, to: 2 },
        { from: 8, to: 9 },
        { from: 3, to: 3 },
        { from: 20, to: 21 },
      ],
    );

    expect(merged).toEqual([
      { from: 1, to: 3 },
      { from: 5, to: 9 },
      { from: 20, to: 21 },
    ]);
    expect(countIds(merged)).toBe(10);
  });

  it('removes single ids, splitting ranges', () => {
    const ranges = removeIds(
      [
        { from: 1, to: 5 },
        { from: 9, to: 9 },
      ],
      [1, 3, 9, 42],
    );

    expect(ranges).toEqual([
      { from: 2, to: 2 },
      { from: 4, to: 5 },
    ]);
    expect(containsId(ranges, 4)).toBe(true);
    expect(containsId(ranges, 3)).toBe(false);
  });

  it('takes the highest ids first', () => {
    const { taken, rest } = takeHighest(
      [
        { from: 1, to: 3 },
        { from: 10, to: 11 },
      ],
      3,
    );

    expect(taken).toEqual([11, 10, 3]);
    expect(rest).toEqual([{ from: 1, to: 2 }]);
  });

  it('keeps only the highest ids and counts the dropped ones', () => {
    const { kept, dropped } = keepHighest(
      [
        { from: 1, to: 10 },
        { from: 20, to: 24 },
      ],
      7,
    );

    expect(kept).toEqual([
      { from: 9, to: 10 },
      { from: 20, to: 24 },
    ]);
    expect(dropped).toBe(8);
  });
});
