import { printTable } from '../print-table.js';

export const MIB = 1024 * 1024;
/** The targets: after the warm-up period, RSS and heap grow by at most 10%, and p99 ≤ 50 ms. */
export const MAX_GROWTH = 0.1;
export const MAX_LOOP_P99_MS = 50;

/** One sample: what the bench read since the previous one. */
export interface Sample {
  /** Minutes since the stream started, when the sample was due. */
  minute: number;
  /** Means of the sample's reads. */
  rssBytes: number;
  heapUsedBytes: number;
  /** The event loop's delay, the highest p99 of the sample's reads. */
  loopP99Ms: number;
  databaseBytes: number;
  webhookDeliveries: number;
  mails: number;
  polls: number;
  pollFailures: number;
  pollLatenciesMs: number[];
  serverWarnings: number;
}

/** The samples of one period: means for memory, the highest p99, the database at its end, sums. */
export interface Period {
  from: number;
  to: number;
  rssMiB: number;
  heapMiB: number;
  loopP99Ms: number;
  databaseMiB: number;
  webhookDeliveries: number;
  mails: number;
  polls: number;
  pollFailures: number;
  pollP95Ms: number;
  serverWarnings: number;
}

export interface Verdict {
  /** The highest period mean after the baseline period, against the baseline's (the first after the warm-up). */
  rssGrowth: number;
  heapGrowth: number;
  /** The highest per-sample p99 after the warm-up period. */
  loopP99Ms: number;
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export function periodsOf(samples: Sample[], periodMinutes: number): Period[] {
  const groups = new Map<number, Sample[]>();
  for (const sample of samples) {
    const index = Math.ceil(sample.minute / periodMinutes) - 1;
    groups.set(index, [...(groups.get(index) ?? []), sample]);
  }
  return [...groups].map(([index, group]) => ({
    from: index * periodMinutes,
    to: group.at(-1)!.minute,
    rssMiB: mean(group.map((s) => s.rssBytes)) / MIB,
    heapMiB: mean(group.map((s) => s.heapUsedBytes)) / MIB,
    loopP99Ms: Math.max(...group.map((s) => s.loopP99Ms)),
    databaseMiB: group.at(-1)!.databaseBytes / MIB,
    webhookDeliveries: sum(group.map((s) => s.webhookDeliveries)),
    mails: sum(group.map((s) => s.mails)),
    polls: sum(group.map((s) => s.polls)),
    pollFailures: sum(group.map((s) => s.pollFailures)),
    pollP95Ms: percentile(
      group.flatMap((s) => s.pollLatenciesMs),
      95,
    ),
    serverWarnings: sum(group.map((s) => s.serverWarnings)),
  }));
}

/** Null until there is a period after the baseline (the warm-up, the baseline, one more). */
export function verdictOf(periods: Period[]): Verdict | null {
  const [, baseline, ...later] = periods;
  if (later.length === 0) return null;
  const growth = (of: (period: Period) => number) => Math.max(...later.map(of)) / of(baseline) - 1;
  const rssGrowth = growth((period) => period.rssMiB);
  const heapGrowth = growth((period) => period.heapMiB);
  const loopP99Ms = Math.max(...[baseline, ...later].map((period) => period.loopP99Ms));
  return { rssGrowth, heapGrowth, loopP99Ms };
}

export function printPeriods(periods: Period[]): void {
  printTable(
    [
      'minutes',
      'RSS MiB',
      'heap used MiB',
      'loop p99 ms',
      'database MiB',
      'webhook deliveries',
      'mails',
      'dashboard polls',
      'failed',
      'poll p95 ms',
      'server warnings',
    ],
    periods.map((period) => [
      `${period.from}–${Math.round(period.to * 10) / 10}`,
      period.rssMiB.toFixed(1),
      period.heapMiB.toFixed(1),
      period.loopP99Ms.toFixed(1),
      period.databaseMiB.toFixed(1),
      period.webhookDeliveries.toLocaleString('en-US'),
      String(period.mails),
      String(period.polls),
      String(period.pollFailures),
      period.pollP95Ms.toFixed(1),
      String(period.serverWarnings),
    ]),
  );
}

export function printVerdict(verdict: Verdict | null, warmUpMinutes: number): void {
  if (verdict === null) {
    console.log(
      `no verdict: it needs the warm-up (${warmUpMinutes} min), a baseline period and one more`,
    );
    return;
  }
  const percent = (share: number) => `${share >= 0 ? '+' : ''}${(share * 100).toFixed(1)}%`;
  const met = (ok: boolean) => (ok ? 'met' : 'NOT MET');
  console.log(
    `after the first ${warmUpMinutes} min: RSS ${percent(verdict.rssGrowth)}, heap used ` +
      `${percent(verdict.heapGrowth)} (highest period mean against the first; target ≤ ` +
      `${percent(MAX_GROWTH)}: ${met(verdict.rssGrowth <= MAX_GROWTH && verdict.heapGrowth <= MAX_GROWTH)}); ` +
      `event-loop delay p99 at most ${verdict.loopP99Ms.toFixed(1)} ms between two samples ` +
      `(target ≤ ${MAX_LOOP_P99_MS} ms: ${met(verdict.loopP99Ms <= MAX_LOOP_P99_MS)})`,
  );
}
