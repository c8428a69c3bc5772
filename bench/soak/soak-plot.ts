import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { MAX_GROWTH, MAX_LOOP_P99_MS, MIB, type Period, type Sample } from './soak-report.js';

const WIDTH = 960;
const LEFT = 70;
const RIGHT = 20;
const TOP = 70;
const PANEL_HEIGHT = 150;
const PANEL_GAP = 46;
const Y_TICKS = 4;

interface Panel {
  title: string;
  values: number[];
  /** A dashed line across the panel after the warm-up: the target or limit, when there is one. */
  limit: { value: number; label: string } | null;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const round = (value: number) => Math.round(value * 10) / 10;

/** Tick values for an axis from 0 to at least `top`, at a step of 1, 2 or 5 times a power of ten. */
function ticks(top: number): number[] {
  const rough = Math.max(top, 1e-9) / Y_TICKS;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough)!;
  return Array.from({ length: Math.ceil(top / step) + 1 }, (_, index) => round(index * step));
}

function panelSvg(
  panel: Panel,
  top: number,
  samples: Sample[],
  minutes: number,
  warmUp: number,
): string {
  const plotWidth = WIDTH - LEFT - RIGHT;
  const yTicks = ticks(Math.max(...panel.values, panel.limit?.value ?? 0) * 1.1);
  const yMax = yTicks.at(-1)!;
  const x = (minute: number) => round(LEFT + (minute / minutes) * plotWidth);
  const y = (value: number) => round(top + PANEL_HEIGHT - (value / yMax) * PANEL_HEIGHT);
  const parts = [
    `<text x="${LEFT}" y="${top - 10}" class="title">${escapeXml(panel.title)}</text>`,
    ...yTicks.map(
      (tick) =>
        `<line x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${y(tick)}" y2="${y(tick)}" class="grid"/>` +
        `<text x="${LEFT - 8}" y="${y(tick) + 4}" class="tick" text-anchor="end">${tick}</text>`,
    ),
    `<line x1="${x(warmUp)}" x2="${x(warmUp)}" y1="${top}" y2="${top + PANEL_HEIGHT}" class="warmup"/>`,
  ];
  const { limit } = panel;
  if (limit !== null) {
    parts.push(
      `<line x1="${x(warmUp)}" x2="${WIDTH - RIGHT}" y1="${y(limit.value)}" y2="${y(limit.value)}" class="limit"/>`,
    );
  }
  const points = samples.map((sample, index) => ({
    cx: x(sample.minute),
    cy: y(panel.values[index]),
  }));
  parts.push(
    `<polyline points="${points.map(({ cx, cy }) => `${cx},${cy}`).join(' ')}" class="series"/>`,
    ...points.map(({ cx, cy }) => `<circle cx="${cx}" cy="${cy}" r="2.5" class="point"/>`),
  );
  // Last, so that the series never hides it.
  if (limit !== null) {
    parts.push(
      `<text x="${x(warmUp) + 6}" y="${y(limit.value) - 5}" class="tick label">${escapeXml(limit.label)}</text>`,
    );
  }
  return parts.join('\n  ');
}

/**
 * The samples as an SVG of four panels over the run's minutes (RSS, heap used, event-loop p99,
 * database size), the warm-up's end marked, with the growth limit over the baseline period's mean
 * and the p99 target drawn as dashed lines.
 */
export function writeSoakPlot(
  path: string,
  samples: Sample[],
  periods: Period[],
  warmUpMinutes: number,
  caption: string,
): void {
  const minutes = Math.max(...samples.map((sample) => sample.minute));
  const baseline = periods[1];
  const growthLimit = (mean: number | undefined) =>
    mean === undefined
      ? null
      : { value: mean * (1 + MAX_GROWTH), label: `baseline mean +${MAX_GROWTH * 100}%` };
  const panels: Panel[] = [
    {
      title: 'RSS, MiB (mean of each sample’s reads)',
      values: samples.map((s) => s.rssBytes / MIB),
      limit: growthLimit(baseline?.rssMiB),
    },
    {
      title: 'Heap used, MiB (mean of each sample’s reads)',
      values: samples.map((s) => s.heapUsedBytes / MIB),
      limit: growthLimit(baseline?.heapMiB),
    },
    {
      title: 'Event-loop delay p99, ms (the highest of each sample’s reads)',
      values: samples.map((s) => s.loopP99Ms),
      limit: { value: MAX_LOOP_P99_MS, label: `target ${MAX_LOOP_P99_MS} ms` },
    },
    {
      title: 'Database size (pg_database_size), MiB',
      values: samples.map((s) => s.databaseBytes / MIB),
      limit: null,
    },
  ];
  const panelTop = (index: number) => TOP + index * (PANEL_HEIGHT + PANEL_GAP);
  const bottom = panelTop(panels.length - 1) + PANEL_HEIGHT;
  const height = bottom + 44;
  const xTicks = ticks(minutes).filter((tick) => tick <= minutes);
  const plotWidth = WIDTH - LEFT - RIGHT;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif">
<style>
  .title { font-size: 13px; font-weight: bold; fill: #222; }
  .caption { font-size: 12px; fill: #444; }
  .tick { font-size: 11px; fill: #555; }
  .label { fill: #c0392b; paint-order: stroke; stroke: #fff; stroke-width: 3px; }
  .grid { stroke: #e3e3e3; }
  .warmup { stroke: #999; stroke-dasharray: 3 3; }
  .limit { stroke: #c0392b; stroke-dasharray: 6 4; }
  .series { fill: none; stroke: #1f5fa8; stroke-width: 2; }
  .point { fill: #1f5fa8; }
</style>
<rect width="100%" height="100%" fill="#fff"/>
<text x="${LEFT}" y="20" class="title">Soak: the server over ${round(minutes)} minutes (dashed grey: end of the ${warmUpMinutes}-minute warm-up)</text>
<text x="${LEFT}" y="38" class="caption">${escapeXml(caption)}</text>
  ${panels.map((panel, index) => panelSvg(panel, panelTop(index), samples, minutes, warmUpMinutes)).join('\n  ')}
  ${xTicks.map((tick) => `<text x="${round(LEFT + (tick / minutes) * plotWidth)}" y="${bottom + 16}" class="tick" text-anchor="middle">${tick}</text>`).join('\n  ')}
<text x="${LEFT + plotWidth / 2}" y="${bottom + 34}" class="tick" text-anchor="middle">minutes since the stream started</text>
</svg>
`;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, svg);
}
