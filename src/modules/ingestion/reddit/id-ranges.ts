/** Inclusive range of numeric Reddit ids. Lists of ranges are kept sorted and disjoint. */
export interface IdRange {
  from: number;
  to: number;
}

export function countIds(ranges: readonly IdRange[]): number {
  return ranges.reduce((total, range) => total + range.to - range.from + 1, 0);
}

/** The ids strictly between `lowerExclusive` and `upperExclusive` that are not in `present`. */
export function missingIds(
  lowerExclusive: number,
  upperExclusive: number,
  present: Iterable<number>,
): IdRange[] {
  const inside = [...new Set(present)]
    .filter((id) => id > lowerExclusive && id < upperExclusive)
    .sort((a, b) => a - b);
  const gaps: IdRange[] = [];
  let previous = lowerExclusive;
  for (const id of [...inside, upperExclusive]) {
    if (id > previous + 1) gaps.push({ from: previous + 1, to: id - 1 });
    previous = id;
  }
  return gaps;
}

export function mergeRanges(...lists: (readonly IdRange[])[]): IdRange[] {
  const sorted = lists.flat().sort((a, b) => a.from - b.from);
  const merged: IdRange[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last !== undefined && range.from <= last.to + 1) {
      last.to = Math.max(last.to, range.to);
    } else {
      merged.push({ ...range });
    }
  }
  return merged;
}

export function containsId(ranges: readonly IdRange[], id: number): boolean {
  return ranges.some((range) => range.from <= id && id <= range.to);
}

export function removeIds(ranges: readonly IdRange[], ids: Iterable<number>): IdRange[] {
  let result = ranges.map((range) => ({ ...range }));
  for (const id of ids) {
    result = result.flatMap((range) => {
      if (id < range.from || id > range.to) return [range];
      return [
        { from: range.from, to: id - 1 },
        { from: id + 1, to: range.to },
      ].filter((part) => part.from <= part.to);
    });
  }
  return result;
}

/** Splits off the `count` highest ids (returned highest first) from the rest. */
export function takeHighest(
  ranges: readonly IdRange[],
  count: number,
): { taken: number[]; rest: IdRange[] } {
  const taken: number[] = [];
  const rest = ranges.map((range) => ({ ...range }));
  while (taken.length < count && rest.length > 0) {
    const last = rest[rest.length - 1];
    taken.push(last.to);
    last.to -= 1;
    if (last.to < last.from) rest.pop();
  }
  return { taken, rest };
}

/** Keeps at most `max` ids, the highest ones; reports how many were dropped. */
export function keepHighest(
  ranges: readonly IdRange[],
  max: number,
): { kept: IdRange[]; dropped: number } {
  const kept: IdRange[] = [];
  let room = max;
  for (let index = ranges.length - 1; index >= 0 && room > 0; index -= 1) {
    const range = ranges[index];
    const from = Math.max(range.from, range.to - room + 1);
    kept.unshift({ from, to: range.to });
    room -= range.to - from + 1;
  }
  return { kept, dropped: countIds(ranges) - countIds(kept) };
}

/** Consecutive runs of ascending, distinct ids. */
export function rangesOf(sortedIds: readonly number[]): IdRange[] {
  const ranges: IdRange[] = [];
  for (const id of sortedIds) {
    const last = ranges.at(-1);
    if (last !== undefined && id === last.to + 1) last.to = id;
    else ranges.push({ from: id, to: id });
  }
  return ranges;
}

/** Each range minus `sortedIds` (ascending), keeping whatever else a range carries. */
export function subtractIds<R extends IdRange>(
  ranges: readonly R[],
  sortedIds: readonly number[],
): R[] {
  if (sortedIds.length === 0) return [...ranges];
  const result: R[] = [];
  for (const range of ranges) {
    const inside = sortedIds.filter((id) => id >= range.from && id <= range.to);
    if (inside.length === 0) {
      result.push(range);
      continue;
    }
    for (const gap of missingIds(range.from - 1, range.to + 1, inside)) {
      result.push({ ...range, ...gap });
    }
  }
  return result;
}

/** Drops the lowest ids until at most `max` remain; returns what is kept and how many went. */
export function keepNewest<R extends IdRange>(
  ranges: readonly R[],
  max: number,
): { kept: R[]; dropped: number } {
  const total = countIds(ranges);
  if (total <= max) return { kept: [...ranges], dropped: 0 };
  const kept = keepHighest(ranges, max).kept.map((range) => {
    const source = ranges.find(
      (candidate) => candidate.to >= range.from && candidate.from <= range.to,
    );
    return { ...(source as R), ...range };
  });
  return { kept, dropped: total - max };
}
