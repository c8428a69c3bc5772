const WIDTH = 120;
const HEIGHT = 24;

/** A small line of daily counts (oldest first), named for screen readers by its total. */
export function Sparkline({ values, label }: { values: number[]; label: string }) {
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? WIDTH / (values.length - 1) : 0;
  const points = values
    .map(
      (value, i) =>
        `${(i * step).toFixed(1)},${(HEIGHT - 1 - (value / max) * (HEIGHT - 2)).toFixed(1)}`,
    )
    .join(' ');
  return (
    <svg className="sparkline" width={WIDTH} height={HEIGHT} role="img" aria-label={label}>
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}
