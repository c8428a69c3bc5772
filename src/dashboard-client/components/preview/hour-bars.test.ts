import { describe, expect, it } from 'vitest';
import { hourBars, hourChartLabel } from './hour-bars';

const hours = [0, 4, 1, 2].map((matches, index) => ({
  hour: `2026-11-29T1${index}:00:00.000Z`,
  matches,
}));

describe('the per-hour chart', () => {
  it('draws a bar per hour, oldest first, its height scaled to the busiest hour', () => {
    const bars = hourBars(hours, 100, 40);
    expect(bars.map((bar) => bar.height)).toEqual([0, 40, 10, 20]);
    expect(bars.map((bar) => bar.y)).toEqual([40, 0, 30, 20]);
    expect(bars.map((bar) => bar.x)).toEqual([2.5, 27.5, 52.5, 77.5]);
    expect(bars.every((bar) => bar.width === 20)).toBe(true);
    expect(bars[1].label).toBe('11:00 UTC: 4 matches');
    expect(bars[2].label).toBe('12:00 UTC: 1 match');
  });

  it('keeps an hour with a match visible next to a very busy one', () => {
    const [busy, quiet] = hourBars(
      [
        { hour: '2026-11-29T10:00:00.000Z', matches: 1000 },
        { hour: '2026-11-29T11:00:00.000Z', matches: 1 },
      ],
      100,
      40,
    );
    expect(busy.height).toBe(40);
    expect(quiet.height).toBe(1);
  });

  it('names the chart with its span, its busiest hour and every figure', () => {
    expect(hourChartLabel(hours)).toBe(
      'Matches per hour from 10:00 UTC to 13:00 UTC, most at 11:00 UTC (4 matches): 0, 4, 1, 2',
    );
  });
});
