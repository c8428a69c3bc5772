import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface UsageDayPoint {
  date: string;
  delivered: number;
  capped: number;
}

const DELIVERED_COLOUR = '#1d4ed8';
const CAPPED_COLOUR = '#b45309';
const HEIGHT = 260;

/** Delivered and capped matches per day (uPlot); the table beside it carries the same numbers. */
export function UsageChart({ days, label }: { days: UsageDayPoint[]; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (element === null) return;
    const data: uPlot.AlignedData = [
      days.map((day) => Date.parse(`${day.date}T00:00:00Z`) / 1000),
      days.map((day) => day.delivered),
      days.map((day) => day.capped),
    ];
    const chart = new uPlot(
      {
        width: element.clientWidth || 600,
        height: HEIGHT,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: { y: { range: (_u, _min, max) => [0, Math.max(5, max)] } },
        series: [
          { label: 'Day (UTC)' },
          {
            label: 'Delivered',
            stroke: DELIVERED_COLOUR,
            width: 2,
            fill: 'rgba(29, 78, 216, 0.08)',
          },
          { label: 'Capped', stroke: CAPPED_COLOUR, width: 2, dash: [6, 4] },
        ],
        axes: [{}, { label: 'Matches' }],
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
  }, [days]);
  return <div ref={container} className="chart" role="img" aria-label={label} />;
}
