import { pino } from 'pino';
import { Registry } from 'prom-client';
import { FixedClock } from '../../../common/time/clock.js';
import { emptyPollerState } from '../reddit/poller-state.js';
import type { PollSummary } from '../reddit/reddit-poller.js';
import { PollCycleReporter } from './poll-cycle-reporter.js';
import { PollerMetrics } from './poller-metrics.js';

interface LogLine {
  level: number;
  msg: string;
  recent?: { cycles: number; posts: number };
  coverage?: { itemsSeen: number };
}

const DEBUG = 20;
const INFO = 30;
const START = Date.UTC(2026, 10, 21, 10, 0, 0);

describe('PollCycleReporter', () => {
  let lines: LogLine[];
  let clock: FixedClock;
  let registry: Registry;
  let reporter: PollCycleReporter;

  const cycle = (posts: number, rateLimitedUntil?: number): PollSummary => ({
    posts,
    comments: 0,
    pagesFetched: 1,
    holesFound: 0,
    holesFilled: 0,
    requestsUsed: 2,
    ...(rateLimitedUntil === undefined ? {} : { rateLimitedUntil }),
  });
  const coverage = (itemsSeen: number) => ({ ...emptyPollerState().coverage, itemsSeen });
  const lastSuccess = async () =>
    (await registry.getSingleMetric('alerts_reddit_last_successful_poll_seconds')?.get())?.values[0]
      ?.value;

  beforeEach(() => {
    lines = [];
    clock = new FixedClock(new Date(START));
    registry = new Registry();
    const logger = pino(
      { level: 'debug' },
      { write: (line: string) => lines.push(JSON.parse(line) as LogLine) },
    );
    reporter = new PollCycleReporter(logger, clock, new PollerMetrics(registry));
  });

  it('logs every cycle at debug and coverage at info at most once a minute', () => {
    reporter.cycleDone(cycle(1), coverage(1));
    clock.advance(30_000);
    reporter.cycleDone(cycle(2), coverage(3));
    clock.advance(31_000);
    reporter.cycleDone(cycle(4), coverage(7));

    expect(lines.filter((line) => line.level === DEBUG)).toHaveLength(3);
    const info = lines.filter((line) => line.level === INFO);
    expect(info.map(({ recent, coverage: totals }) => ({ recent, totals }))).toEqual([
      { recent: expect.objectContaining({ cycles: 1, posts: 1 }), totals: coverage(1) },
      { recent: expect.objectContaining({ cycles: 2, posts: 6 }), totals: coverage(7) },
    ]);
  });

  it('sets the last successful poll time only for cycles without a back-off', async () => {
    reporter.cycleDone(cycle(1), coverage(1));
    clock.advance(5_000);
    reporter.cycleDone(cycle(0, clock.nowMs() + 30_000), coverage(1));

    expect(await lastSuccess()).toBe(START / 1_000);
  });
});
