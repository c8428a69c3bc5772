// @vitest-environment node
// In Node, not jsdom: uPlot, loaded with the chart, calls matchMedia, which jsdom lacks.
import { describe, expect, it } from 'vitest';
import { usageChartData } from './UsageChart';

describe('the usage chart', () => {
  it('puts each day at its UTC midnight, with a filled line of delivered and a dashed line of capped matches', () => {
    const { times, lines } = usageChartData([
      { date: '2025-03-01', delivered: 4, capped: 0 },
      { date: '2025-03-02', delivered: 50, capped: 7 },
    ]);

    expect(times).toEqual([Date.UTC(2025, 2, 1) / 1000, Date.UTC(2025, 2, 2) / 1000]);
    expect(
      lines.map(({ label, values, dashed, fill }) => ({
        label,
        values,
        dashed,
        filled: fill !== undefined,
      })),
    ).toEqual([
      { label: 'Delivered', values: [4, 50], dashed: undefined, filled: true },
      { label: 'Capped', values: [0, 7], dashed: true, filled: false },
    ]);
  });
});
