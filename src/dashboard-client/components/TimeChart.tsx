import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartLine {
  label: string;
  colour: string;
  values: number[];
  dashed?: boolean;
  fill?: string;
}

/**
 * Lines over UTC time (uPlot), the y axis from 0 to at least `minimumTop`; the page carries the
 * same numbers as a table for whoever cannot see the chart.
 */
export function TimeChart({
  times,
  timeLabel,
  lines,
  axis,
  minimumTop,
  height,
  label,
}: {
  /** Unix seconds, one per point. */
  times: number[];
  timeLabel: string;
  lines: ChartLine[];
  axis: string;
  minimumTop: number;
  height: number;
  label: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (element === null) return;
    const chart = new uPlot(
      {
        width: element.clientWidth || 600,
        height,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        // The legend names the lines; the values under a pointer ("--" when there is none) are
        // in the table below each chart.
        legend: { live: false },
        scales: { y: { range: (_u, _min, max) => [0, Math.max(minimumTop, max)] } },
        series: [
          { label: timeLabel },
          ...lines.map(({ label: name, colour, dashed, fill }) => ({
            label: name,
            stroke: colour,
            width: 2,
            ...(dashed ? { dash: [6, 4] } : {}),
            ...(fill ? { fill } : {}),
          })),
        ],
        axes: [{}, { label: axis }],
      },
      [times, ...lines.map(({ values }) => values)],
      element,
    );
    const resize = () => chart.setSize({ width: element.clientWidth || 600, height });
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.destroy();
    };
  }, [times, timeLabel, lines, axis, minimumTop, height]);
  return <div ref={container} className="chart" role="img" aria-label={label} />;
}
