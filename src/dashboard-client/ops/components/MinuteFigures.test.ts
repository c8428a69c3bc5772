// @vitest-environment node
// In Node, not jsdom: uPlot, loaded with the chart, calls matchMedia, which jsdom lacks.
import { describe, expect, it } from 'vitest';
import { minuteChartData, type MinuteLine } from './MinuteFigures';

interface Minute {
  minute: string;
  polled: number;
  failed: number;
}

const lines: MinuteLine<Minute>[] = [
  { label: 'Polled', colour: '#1d4ed8', value: (minute) => minute.polled },
  { label: 'Failed', colour: '#b91c1c', value: (minute) => minute.failed, dashed: true },
];

const series: Minute[] = [
  { minute: '2025-03-01T10:00:00Z', polled: 3, failed: 0 },
  { minute: '2025-03-01T10:01:00Z', polled: 0, failed: 0 },
  { minute: '2025-03-01T10:02:00Z', polled: 0, failed: 2 },
];

describe("the console's minute figures", () => {
  it('draws one line per figure, a value for every minute, at its time in Unix seconds', () => {
    const chart = minuteChartData(series, lines);

    expect(chart.times).toEqual(series.map(({ minute }) => Date.parse(minute) / 1000));
    expect(chart.lines.map(({ label, values, dashed }) => ({ label, values, dashed }))).toEqual([
      { label: 'Polled', values: [3, 0, 0], dashed: undefined },
      { label: 'Failed', values: [0, 0, 2], dashed: true },
    ]);
  });

  it('lists in its table only the minutes where any figure is above 0, newest first', () => {
    expect(minuteChartData(series, lines).busy.map(({ minute }) => minute)).toEqual([
      '2025-03-01T10:02:00Z',
      '2025-03-01T10:00:00Z',
    ]);
  });
});
