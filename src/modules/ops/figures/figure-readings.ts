import { Injectable } from '@nestjs/common';
import { Registry, type Histogram } from 'prom-client';
import { AlertStore } from '../../alerts/alert.store.js';
import { DeliveryWorker } from '../../delivery/delivery.worker.js';
import { RedditPollingWorker } from '../../ingestion/polling/reddit-polling.worker.js';
import { PIPELINE_STAGE_METRIC } from '../../metrics/pipeline-stage.metrics.js';
import {
  DATABASE_INSTANCE,
  MINUTE_MS,
  SAMPLED_COUNTERS,
  SAMPLED_GAUGES,
  stageBucketSubject,
  type PromSource,
  type Reading,
} from './sampled-figures.js';

/** What an instance reads at the end of each minute for the console's samples. */
@Injectable()
export class FigureReadings {
  constructor(
    private readonly registry: Registry,
    private readonly poller: RedditPollingWorker,
    private readonly delivery: DeliveryWorker,
    private readonly alerts: AlertStore,
  ) {}

  /** The minute starting at `minute`: counters as running totals, gauges as they are now. */
  async read(minute: number): Promise<Reading[]> {
    return [
      ...(await this.fromRegistry(SAMPLED_COUNTERS, 'counter')),
      ...(await this.fromRegistry(SAMPLED_GAUGES, 'gauge')),
      ...(await this.stageBuckets()),
      ...this.pollerReadings(),
      ...this.slotReadings(),
      await this.alertsStored(minute),
    ];
  }

  private async fromRegistry(
    sources: readonly PromSource[],
    kind: Reading['kind'],
  ): Promise<Reading[]> {
    const readings: Reading[] = [];
    for (const { prom, metric, label } of sources) {
      const found = this.registry.getSingleMetric(prom);
      if (found === undefined) continue;
      for (const { labels, value } of (await found.get()).values) {
        const subject = label === undefined ? '' : String(labels[label] ?? '');
        readings.push({ metric, subject, value, kind });
      }
    }
    return readings;
  }

  /** The stage clocks' cumulative buckets, each a counter, so the console sums them per hour. */
  private async stageBuckets(): Promise<Reading[]> {
    const histogram = this.registry.getSingleMetric(PIPELINE_STAGE_METRIC) as Histogram | undefined;
    if (histogram === undefined) return [];
    return (await histogram.get()).values
      .filter(({ metricName }) => metricName === `${PIPELINE_STAGE_METRIC}_bucket`)
      .map(({ labels, value }) => ({
        metric: 'pipeline.stage_bucket',
        subject: stageBucketSubject(String(labels.stage), String(labels.le)),
        value,
        kind: 'counter',
      }));
  }

  /** The lease holder also writes each credential's use: only it spends them. */
  private pollerReadings(): Reading[] {
    const status = this.poller.runStatus();
    const readings: Reading[] = [
      { metric: 'reddit.poller', subject: '', value: status.configured ? 1 : 0, kind: 'gauge' },
    ];
    for (const usage of status.credentials) {
      const subject = usage.label;
      readings.push(
        { metric: 'reddit.credential_requests', subject, value: usage.requests, kind: 'counter' },
        { metric: 'reddit.credential_429s', subject, value: usage.rateLimited, kind: 'counter' },
      );
      if (!status.leading) continue;
      readings.push(
        {
          metric: 'reddit.credential_budget',
          subject,
          value: usage.budgetPerMinute,
          kind: 'gauge',
        },
        {
          metric: 'reddit.token_expires_at',
          subject,
          value: usage.tokenExpiresAt ?? 0,
          kind: 'gauge',
        },
      );
    }
    if (status.leading)
      readings.push({ metric: 'reddit.leader', subject: '', value: 1, kind: 'gauge' });
    return readings;
  }

  private slotReadings(): Reading[] {
    const { peak, capacity } = this.delivery.takeSlotPeak();
    return [
      { metric: 'delivery.slots_peak', subject: '', value: peak, kind: 'gauge' },
      { metric: 'delivery.slots', subject: '', value: capacity, kind: 'gauge' },
    ];
  }

  /** From the alerts table, so alerts an `admin ingest` stored count too. */
  private async alertsStored(minute: number): Promise<Reading> {
    return {
      metric: 'alerts.stored',
      subject: '',
      value: await this.alerts.countMatched(minute, minute + MINUTE_MS),
      kind: 'gauge',
      instanceId: DATABASE_INSTANCE,
    };
  }
}
