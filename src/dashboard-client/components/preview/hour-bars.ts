/** One bar of the per-hour chart, in the SVG's user units. */
export interface HourBar {
  x: number;
  y: number;
  width: number;
  height: number;
  /** "14:00 UTC: 3 matches", the bar's tooltip. */
  label: string;
}

/** Bars keep a gap of this share of their slot. */
const GAP = 0.2;

const hourOf = (iso: string) => `${iso.slice(11, 16)} UTC`;
const matchesText = (n: number) => `${n} ${n === 1 ? 'match' : 'matches'}`;

/**
 * The bars of matches per hour (oldest first) in a chart of `width` × `height`: heights scale to
 * the busiest hour; an hour with matches is at least 1 unit high, so it never looks empty.
 */
export function hourBars(
  perHour: readonly { hour: string; matches: number }[],
  width: number,
  height: number,
): HourBar[] {
  const max = Math.max(1, ...perHour.map(({ matches }) => matches));
  const slot = perHour.length > 0 ? width / perHour.length : 0;
  return perHour.map(({ hour, matches }, index) => {
    const barHeight = matches === 0 ? 0 : Math.max(1, (matches / max) * height);
    return {
      x: index * slot + (slot * GAP) / 2,
      y: height - barHeight,
      width: slot * (1 - GAP),
      height: barHeight,
      label: `${hourOf(hour)}: ${matchesText(matches)}`,
    };
  });
}

/** The chart's accessible name: the hours it spans, the busiest one, and every figure. */
export function hourChartLabel(perHour: readonly { hour: string; matches: number }[]): string {
  if (perHour.length === 0) return 'Matches per hour: no hours';
  const busiest = perHour.reduce((best, hour) => (hour.matches > best.matches ? hour : best));
  const figures = perHour.map(({ matches }) => matches).join(', ');
  return (
    `Matches per hour from ${hourOf(perHour[0].hour)} to ${hourOf(perHour.at(-1)!.hour)}, ` +
    `most at ${hourOf(busiest.hour)} (${matchesText(busiest.matches)}): ${figures}`
  );
}
