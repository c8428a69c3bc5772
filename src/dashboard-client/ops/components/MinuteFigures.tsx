import { useMemo } from 'react';
import { TimeChart, type ChartLine } from '../../components/TimeChart';

/** A line of the chart and a column of its table, read from each minute of the series. */
export interface MinuteLine<T> {
  label: string;
  colour: string;
  value: (minute: T) => number;
  /** How the table writes a value; as a plain number by default. */
  format?: (value: number) => string;
  dashed?: boolean;
}

const minuteFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'UTC',
});

const formatMinute = (iso: string): string => minuteFormat.format(new Date(iso));

/** The chart's lines, one value per minute, and the minutes the table lists: any line above 0. */
export function minuteChartData<T extends { minute: string }>(
  series: readonly T[],
  lines: readonly MinuteLine<T>[],
): { times: number[]; lines: ChartLine[]; busy: T[] } {
  return {
    times: series.map(({ minute }) => Date.parse(minute) / 1000),
    lines: lines.map(({ label, colour, dashed, value }) => ({
      label,
      colour,
      dashed,
      values: series.map(value),
    })),
    busy: series.filter((minute) => lines.some(({ value }) => value(minute) > 0)).reverse(),
  };
}

/**
 * Per-minute lines over 24 hours, and the same numbers as a table of the minutes that had any
 * (newest first; the others had none), for whoever cannot see the chart.
 */
export function MinuteFigures<T extends { minute: string }>({
  series,
  lines,
  axis,
  label,
  caption,
}: {
  series: readonly T[];
  lines: readonly MinuteLine<T>[];
  axis: string;
  /** The chart's accessible name; the count of minutes with anything is added to it. */
  label: string;
  caption: string;
}) {
  const chart = useMemo(() => minuteChartData(series, lines), [series, lines]);
  return (
    <>
      <TimeChart
        times={chart.times}
        timeLabel="Minute (UTC)"
        lines={chart.lines}
        axis={axis}
        minimumTop={1}
        height={220}
        label={`${label}; ${chart.busy.length} minutes had any`}
      />
      <details>
        <summary>The same numbers as a table</summary>
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Minute (UTC)</th>
              {lines.map((line) => (
                <th key={line.label} scope="col">
                  {line.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.busy.map((minute) => (
              <tr key={minute.minute}>
                <th scope="row">{formatMinute(minute.minute)}</th>
                {lines.map(({ label: column, value, format = String }) => (
                  <td key={column}>{format(value(minute))}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}
