import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface MinuteSeries {
  label: string;
  colour: string;
  values: number[];
  dashed?: boolean;
}

const HEIGHT = 220;

/** Per-minute lines over 24 hours (uPlot); the page's table carries the same numbers. */
export function MinuteChart({
  minutes,
  series,
  axis,
  label,
}: {
  /** ISO 8601 starts of the minutes. */
  minutes: string[];
  series: MinuteSeries[];
  axis: string;
  label: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (element === null) return;
    const data: uPlot.AlignedData = [
      minutes.map((minute) => Date.parse(minute) / 1000),
      ...series.map(({ values }) => values),
    ];
    const chart = new uPlot(
      {
        width: element.clientWidth || 600,
        height: HEIGHT,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: { y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        series: [
          { label: 'Minute (UTC)' },
          ...series.map(({ label: name, colour, dashed }) => ({
            label: name,
            stroke: colour,
            width: 2,
            ...(dashed ? { dash: [6, 4] } : {}),
          })),
        ],
        axes: [{}, { label: axis }],
      },
      data,
      element,
    );
    const resize = () => chart.setSize({ width: element.clientWidth || 600, height: HEIGHT });
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.destroy();
    };
  }, [minutes, series, axis]);
  return <div ref={container} className="chart" role="img" aria-label={label} />;
}

/** A line of the chart, read from each minute of the series. */
export interface MinuteLine<T> {
  label: string;
  colour: string;
  value: (minute: T) => number;
  dashed?: boolean;
}

/** The chart's minutes and lines for a series, kept while the series is the same. */
export function useMinuteChart<T extends { minute: string }>(
  series: readonly T[],
  lines: readonly MinuteLine<T>[],
): { minutes: string[]; series: MinuteSeries[] } {
  return useMemo(
    () => ({
      minutes: series.map((minute) => minute.minute),
      series: lines.map(({ value, ...line }) => ({ ...line, values: series.map(value) })),
    }),
    [series, lines],
  );
}

/** The minutes that had anything, newest first: what the chart's table lists. */
export function busyMinutes<T extends { minute: string }>(
  rows: readonly T[],
  busy: (row: T) => boolean,
): T[] {
  return rows.filter(busy).reverse();
}

const minuteFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'UTC',
});

export const formatMinute = (iso: string): string => minuteFormat.format(new Date(iso));
