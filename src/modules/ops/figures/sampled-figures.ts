/** One row of operation_samples. */
export interface Sample {
  minute: number;
  instanceId: string;
  metric: SampleMetric;
  subject: string;
  value: number;
}

/** Figures read from the database itself, the same whichever instance writes them. */
export const DATABASE_INSTANCE = 'database';

/** Samples kept this long: a week back from any day of the 24-hour charts, and a day to spare. */
export const SAMPLE_RETENTION_DAYS = 8;

export const MINUTE_MS = 60_000;

export type SampleMetric =
  | 'reddit.requests'
  | 'reddit.items'
  | 'reddit.ids_asked'
  | 'reddit.ids_found'
  | 'reddit.ids_given_up'
  | 'reddit.ids_dropped'
  | 'reddit.rate_limited'
  | 'reddit.ids_behind'
  | 'reddit.walk_lag_seconds'
  | 'reddit.poller'
  | 'reddit.leader'
  | 'reddit.credential_requests'
  | 'reddit.credential_429s'
  | 'reddit.credential_budget'
  | 'reddit.token_expires_at'
  | 'reddit.rechecks'
  | 'reddit.recheck_alerts'
  | 'reddit.recheck_requests'
  | 'pipeline.stage_bucket'
  | 'delivery.attempts'
  | 'delivery.slots_peak'
  | 'delivery.slots'
  | 'alerts.stored';

/** A prom-client metric on GET /metrics sampled as it is, so the console and /metrics agree. */
export interface PromSource {
  prom: string;
  metric: SampleMetric;
  /** The label whose value becomes the sample's subject. */
  label?: string;
}

/** Counters: each instance writes their deltas over the minute. */
export const SAMPLED_COUNTERS: readonly PromSource[] = [
  { prom: 'alerts_reddit_requests_total', metric: 'reddit.requests', label: 'endpoint' },
  { prom: 'alerts_reddit_items_seen_total', metric: 'reddit.items' },
  { prom: 'alerts_reddit_ids_asked_total', metric: 'reddit.ids_asked' },
  { prom: 'alerts_reddit_items_from_info_total', metric: 'reddit.ids_found' },
  { prom: 'alerts_reddit_ids_given_up_total', metric: 'reddit.ids_given_up' },
  { prom: 'alerts_reddit_ids_dropped_total', metric: 'reddit.ids_dropped' },
  { prom: 'alerts_reddit_rate_limited_total', metric: 'reddit.rate_limited' },
  { prom: 'alerts_reddit_rechecks_total', metric: 'reddit.rechecks' },
  { prom: 'alerts_reddit_recheck_alerts_total', metric: 'reddit.recheck_alerts' },
  { prom: 'alerts_reddit_recheck_requests_total', metric: 'reddit.recheck_requests' },
  { prom: 'alerts_webhook_deliveries_total', metric: 'delivery.attempts', label: 'outcome' },
];

/** Gauges: their value at the minute's end. */
export const SAMPLED_GAUGES: readonly PromSource[] = [
  { prom: 'alerts_reddit_ids_behind', metric: 'reddit.ids_behind', label: 'kind' },
  { prom: 'alerts_reddit_lag_seconds', metric: 'reddit.walk_lag_seconds', label: 'kind' },
];

/** A stage histogram's bucket as a sample subject: `<stage> <upper bound in seconds or +Inf>`. */
export const stageBucketSubject = (stage: string, le: string | number) => `${stage} ${le}`;

export function parseStageBucketSubject(subject: string): { stage: string; le: number } | null {
  const [stage, le] = subject.split(' ');
  if (stage === undefined || le === undefined) return null;
  return { stage, le: le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le) };
}

/** A figure read at the minute's end, before deltas are taken. */
export interface Reading {
  metric: SampleMetric;
  subject: string;
  value: number;
  /** counter: the running total since the process started; gauge: the value now. */
  kind: 'counter' | 'gauge';
  /** Written under this instance instead of the sampling one (DATABASE_INSTANCE). */
  instanceId?: string;
}

export function minuteStart(ms: number): number {
  return Math.floor(ms / MINUTE_MS) * MINUTE_MS;
}
