import { useMemo } from 'react';
import { TimeChart, type ChartLine } from './TimeChart';

export interface UsageDayPoint {
  date: string;
  delivered: number;
  capped: number;
}

/** The chart's points: each day at its UTC midnight, delivered (filled) and capped (dashed). */
export const usageChartData = (days: UsageDayPoint[]): { times: number[]; lines: ChartLine[] } => ({
  times: days.map((day) => Date.parse(`${day.date}T00:00:00Z`) / 1000),
  lines: [
    {
      label: 'Delivered',
      colour: '#1d4ed8',
      values: days.map((day) => day.delivered),
      fill: 'rgba(29, 78, 216, 0.08)',
    },
    {
      label: 'Capped',
      colour: '#b45309',
      values: days.map((day) => day.capped),
      dashed: true,
    },
  ],
});

/** Delivered and capped matches per day; the table beside it carries the same numbers. */
export function UsageChart({ days, label }: { days: UsageDayPoint[]; label: string }) {
  const { times, lines } = useMemo(() => usageChartData(days), [days]);
  return (
    <TimeChart
      times={times}
      timeLabel="Day (UTC)"
      lines={lines}
      axis="Matches"
      minimumTop={5}
      height={260}
      label={label}
    />
  );
}
