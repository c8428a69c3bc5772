import { hourBars, hourChartLabel } from './hour-bars';

const WIDTH = 300;
const HEIGHT = 60;

/** A small bar chart of matches per hour, named for screen readers with its figures. */
export function HourChart({ perHour }: { perHour: readonly { hour: string; matches: number }[] }) {
  return (
    <svg
      className="hour-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      role="img"
      aria-label={hourChartLabel(perHour)}
    >
      <line x1={0} y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="axis" />
      {hourBars(perHour, WIDTH, HEIGHT - 1).map((bar) => (
        <rect key={bar.x} x={bar.x} y={bar.y} width={bar.width} height={bar.height}>
          <title>{bar.label}</title>
        </rect>
      ))}
    </svg>
  );
}
