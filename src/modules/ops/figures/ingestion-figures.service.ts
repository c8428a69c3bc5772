import { Injectable } from '@nestjs/common';
import { Clock } from '../../../common/time/clock.js';
import { AlertStore } from '../../alerts/alert.store.js';
import { CountRecheckStore } from '../../ingestion/rechecks/count-recheck.store.js';
import { coveragePercent, nearestRankIndex, perMinute, type WalkCounts } from './figure-math.js';
import { OperationSampleStore } from './operation-sample.store.js';
import { pollerVerdict, type PollerVerdict } from './poller-verdict.js';
import {
  histogramQuantile,
  PIPELINE_STAGES,
  STAGE_BUCKETS,
  type PipelineStage,
  type StageBucket,
} from '../../metrics/pipeline-stages.js';
import { MINUTE_MS, minuteStart, parseStageBucketSubject } from './sampled-figures.js';

/** Gauges older than this are not "now": the instance that wrote them is gone or stuck. */
export const CURRENT_WINDOW_MS = 3 * MINUTE_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export interface CredentialFigures {
  label: string;
  /** Requests sent in the latest minute the lease holder sampled. */
  requestsPerMinute: number;
  budgetPerMinute: number | null;
  rateLimitedLastHour: number;
  tokenExpiresAt: number | null;
}

export interface IngestionFigures {
  /** End of the latest complete minute: the series and hour windows end here. */
  asOf: number;
  poller: PollerVerdict;
  /** Instances that wrote figures in the last 3 minutes (those running background jobs). */
  instances: string[];
  credentials: CredentialFigures[];
  coverage: WalkCounts & { idsAsked: number; percent: number | null };
  walkBehind: { kind: string; ids: number; lagSeconds: number }[];
  lag: { alerts: number; p50Ms: number | null; p95Ms: number | null };
  series: { minute: number; itemsPerSecond: number; alertsPerSecond: number }[];
  rechecks: RecheckFigures;
  stages: StageFigures[];
}

/** One stage of an item's way from Reddit to a receiver over the last hour, all instances. */
export interface StageFigures {
  stage: PipelineStage;
  /** Items (or first delivery attempts) timed. */
  count: number;
  p50Ms: number | null;
  p95Ms: number | null;
}

/** The re-checks of `score:` and `comments:` (decisions.md section 13) and what they cost. */
export interface RecheckFigures {
  /** Keyword × item rows waiting for their +1 h or +6 h re-check. */
  waiting: number;
  checkedLastHour: number;
  alertsLastHour: number;
  requestsLastHour: number;
  /** Their share of every request the credentials sent in the hour, in percent. */
  percentOfRequests: number | null;
}

/** The Ingestion page: persisted samples summed over instances, and the alerts table. */
@Injectable()
export class IngestionFiguresService {
  constructor(
    private readonly samples: OperationSampleStore,
    private readonly alerts: AlertStore,
    private readonly rechecks: CountRecheckStore,
    private readonly clock: Clock,
  ) {}

  async figuresNow(): Promise<IngestionFigures> {
    const now = this.clock.nowMs();
    const to = minuteStart(now);
    const hourAgo = to - HOUR_MS;
    const current = to - CURRENT_WINDOW_MS;
    // Up to `now`: the latest minute may already be written.
    const configured = await this.samples.latest('reddit.poller', current, now);
    const leaders = await this.samples.latest('reddit.leader', current, now);
    const hourTotal = async (metric: Parameters<OperationSampleStore['totalsBySubject']>[0]) =>
      (await this.samples.totalsBySubject(metric, hourAgo, to)).reduce(
        (sum, { value }) => sum + value,
        0,
      );
    const counts: WalkCounts = {
      itemsHanded: await hourTotal('reddit.items'),
      idsFound: await hourTotal('reddit.ids_found'),
      idsGivenUp: await hourTotal('reddit.ids_given_up'),
      idsDropped: await hourTotal('reddit.ids_dropped'),
    };
    const poller = pollerVerdict(configured, leaders);
    return {
      asOf: to,
      poller,
      instances: [...new Set(configured.map(({ instanceId }) => instanceId))].sort(),
      credentials: await this.credentials(current, now, hourAgo, to),
      coverage: {
        ...counts,
        idsAsked: await hourTotal('reddit.ids_asked'),
        percent: coveragePercent(counts),
      },
      walkBehind: await this.walkBehind(poller.leaseHolder, current, now),
      lag: await this.storedAlertLag(now - HOUR_MS),
      series: await this.series(to - DAY_MS, to),
      rechecks: await this.recheckFigures(hourTotal),
      stages: await this.stageFigures(hourAgo, to),
    };
  }

  /**
   * Each stage's percentiles from its sampled buckets, summed over instances and the hour. A
   * bucket with no sample had nothing added to it: its count is 0, not missing.
   */
  private async stageFigures(from: number, to: number): Promise<StageFigures[]> {
    const counts = new Map<string, Map<number, number>>();
    for (const { subject, value } of await this.samples.totalsBySubject(
      'pipeline.stage_bucket',
      from,
      to,
    )) {
      const parsed = parseStageBucketSubject(subject);
      if (parsed === null) continue;
      const ofStage = counts.get(parsed.stage) ?? new Map<number, number>();
      ofStage.set(parsed.le, value);
      counts.set(parsed.stage, ofStage);
    }
    const seconds = (value: number | null) => (value === null ? null : value * 1_000);
    return PIPELINE_STAGES.map((stage) => {
      const ofStage = counts.get(stage);
      const buckets: StageBucket[] = [...STAGE_BUCKETS, Number.POSITIVE_INFINITY].map((le) => ({
        le,
        count: ofStage?.get(le) ?? 0,
      }));
      return {
        stage,
        count: Math.max(...buckets.map(({ count }) => count)),
        p50Ms: seconds(histogramQuantile(buckets, 0.5)),
        p95Ms: seconds(histogramQuantile(buckets, 0.95)),
      };
    });
  }

  private async recheckFigures(
    hourTotal: (
      metric:
        | 'reddit.rechecks'
        | 'reddit.recheck_alerts'
        | 'reddit.recheck_requests'
        | 'reddit.credential_requests',
    ) => Promise<number>,
  ): Promise<RecheckFigures> {
    const requestsLastHour = await hourTotal('reddit.recheck_requests');
    const allRequests = await hourTotal('reddit.credential_requests');
    return {
      waiting: await this.rechecks.waiting(),
      checkedLastHour: await hourTotal('reddit.rechecks'),
      alertsLastHour: await hourTotal('reddit.recheck_alerts'),
      requestsLastHour,
      percentOfRequests: allRequests > 0 ? (100 * requestsLastHour) / allRequests : null,
    };
  }

  /** Reddit's post time to the alert being stored, over the alerts stored since `since`. */
  private async storedAlertLag(since: number): Promise<IngestionFigures['lag']> {
    const alerts = await this.alerts.countMatched(since);
    if (alerts === 0) return { alerts, p50Ms: null, p95Ms: null };
    const at = (percentile: number) =>
      this.alerts.storedLagAt(since, nearestRankIndex(alerts, percentile));
    return { alerts, p50Ms: await at(50), p95Ms: await at(95) };
  }

  private async credentials(
    current: number,
    now: number,
    hourAgo: number,
    to: number,
  ): Promise<CredentialFigures[]> {
    const budgets = await this.samples.latest('reddit.credential_budget', current, now);
    const expiries = await this.samples.latest('reddit.token_expires_at', current, now);
    const rateLimited = await this.samples.totalsBySubject('reddit.credential_429s', hourAgo, to);
    const used = await this.samples.totalsBySubject('reddit.credential_requests', hourAgo, to);
    const labels = [...new Set([...budgets, ...used].map(({ subject }) => subject))].sort((a, b) =>
      a.localeCompare(b, 'en', { numeric: true }),
    );
    const result: CredentialFigures[] = [];
    for (const label of labels) {
      const budget = budgets.find(({ subject }) => subject === label);
      const expiry = expiries.find(({ subject }) => subject === label);
      const minute = budget?.minute ?? to - MINUTE_MS;
      const [requests] = await this.samples.totalsByMinute(
        'reddit.credential_requests',
        minute,
        minute + MINUTE_MS,
        label,
      );
      result.push({
        label,
        requestsPerMinute: requests?.value ?? 0,
        budgetPerMinute: budget?.value ?? null,
        rateLimitedLastHour: rateLimited.find(({ subject }) => subject === label)?.value ?? 0,
        tokenExpiresAt: expiry === undefined || expiry.value === 0 ? null : expiry.value,
      });
    }
    return result;
  }

  /** The lease holder's walk: ids not asked yet and the age of the oldest, by kind. */
  private async walkBehind(
    leaseHolder: string | null,
    current: number,
    now: number,
  ): Promise<IngestionFigures['walkBehind']> {
    const ofHolder = async (metric: 'reddit.ids_behind' | 'reddit.walk_lag_seconds') =>
      (await this.samples.latest(metric, current, now)).filter(
        ({ instanceId }) => instanceId === leaseHolder,
      );
    const ids = await ofHolder('reddit.ids_behind');
    const lags = await ofHolder('reddit.walk_lag_seconds');
    return ['posts', 'comments'].map((kind) => ({
      kind,
      ids: ids.find(({ subject }) => subject === kind)?.value ?? 0,
      lagSeconds: lags.find(({ subject }) => subject === kind)?.value ?? 0,
    }));
  }

  private async series(from: number, to: number): Promise<IngestionFigures['series']> {
    const items = perMinute(await this.samples.totalsByMinute('reddit.items', from, to), from, to);
    const alerts = perMinute(
      await this.samples.totalsByMinute('alerts.stored', from, to),
      from,
      to,
    );
    return items.map((count, index) => ({
      minute: from + index * MINUTE_MS,
      itemsPerSecond: count / 60,
      alertsPerSecond: alerts[index] / 60,
    }));
  }
}
