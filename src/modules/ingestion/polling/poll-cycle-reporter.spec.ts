import { pino } from 'pino';
import { Registry } from 'prom-client';
import { FixedClock } from '../../../common/time/clock.js';
import type { CoverageCounters } from '../reddit/poller-state.js';
import { emptyCoverage } from '../reddit/poller-state.js';
import type { PollSummary, WalkStatus } from '../reddit/poller/reddit-poller.js';
import { PollCycleReporter } from './poll-cycle-reporter.js';
import { PollerMetrics } from './poller-metrics.js';

interface LogLine {
  level: number;
  msg: string;
  lastMinute?: { infoRequestsPerMinute: number; usefulIdsPerRequest: number | null };
  credentialsNeeded?: number;
}

const INFO = 30;
const WARN = 40;
const START = Date.UTC(2026, 10, 21, 10, 0, 0);
const ONE_CREDENTIAL = { requestsPerMinute: 100, credentials: 1 };

describe('PollCycleReporter', () => {
  let lines: LogLine[];
  let clock: FixedClock;
  let registry: Registry;
  let reporter: PollCycleReporter;

  const poll = (rateLimitedUntil?: number): PollSummary => ({
    posts: 0,
    comments: 10,
    listingRequests: 0,
    infoRequests: 1,
    requestsUsed: 1,
    ...(rateLimitedUntil === undefined ? {} : { rateLimitedUntil }),
  });
  /** `requests` /api/info requests so far, each asking 100 ids and bringing `found` items. */
  const totals = (requests: number, found = 85): CoverageCounters => ({
    ...emptyCoverage(),
    infoRequests: requests,
    idsAsked: requests * 100,
    itemsSeen: requests * found,
    itemsFromInfo: requests * found,
  });
  const walking = (idsPerSecond: number, lagSeconds: number): WalkStatus[] => [
    {
      kind: 'comments',
      idsPerSecond,
      idsBehind: Math.round(idsPerSecond * lagSeconds),
      lagSeconds,
    },
  ];
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

  it("reports the last minute's requests and useful ids per request at most once a minute", () => {
    reporter.cycleDone(poll(), totals(0), walking(100, 5), ONE_CREDENTIAL);
    clock.advance(30_000);
    reporter.cycleDone(poll(), totals(40), walking(100, 5), ONE_CREDENTIAL);
    clock.advance(30_000);
    reporter.cycleDone(poll(), totals(80), walking(100, 5), ONE_CREDENTIAL);

    const info = lines.filter((line) => line.level === INFO);
    expect(info.map((line) => line.lastMinute)).toEqual([
      expect.objectContaining({ infoRequestsPerMinute: 80, usefulIdsPerRequest: 85 }),
    ]);
    expect(lines.filter((line) => line.level === WARN)).toEqual([]);
  });

  it('warns once a minute while behind, naming the credentials the observed rate needs', () => {
    reporter.cycleDone(poll(), totals(0), walking(250, 90), ONE_CREDENTIAL);
    clock.advance(60_000);
    reporter.cycleDone(poll(), totals(100), walking(250, 150), ONE_CREDENTIAL);
    clock.advance(10_000);
    reporter.cycleDone(poll(), totals(110), walking(250, 160), ONE_CREDENTIAL);

    const warnings = lines.filter((line) => line.level === WARN);
    // 250 ids/s is 15,000 a minute; at 100 ids a request that is 150 requests: 2 credentials.
    expect(warnings).toEqual([
      expect.objectContaining({
        credentialsNeeded: 2,
        msg: expect.stringMatching(/needs 2 credentials, 1 configured/),
      }),
    ]);
  });

  it('sets the last successful poll time only for polls without a back-off', async () => {
    reporter.cycleDone(poll(), totals(1), [], ONE_CREDENTIAL);
    clock.advance(5_000);
    reporter.cycleDone(poll(clock.nowMs() + 30_000), totals(1), [], ONE_CREDENTIAL);

    expect(await lastSuccess()).toBe(START / 1_000);
  });
});
