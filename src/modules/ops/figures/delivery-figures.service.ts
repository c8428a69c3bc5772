import { Injectable } from '@nestjs/common';
import { hostOf } from '../../../common/network/webhook-url.js';
import { Clock } from '../../../common/time/clock.js';
import { DeliveryStore } from '../../delivery/delivery.store.js';
import { WebhookStore, type FailingWebhook } from '../../webhooks/webhook.store.js';
import { perMinute } from './figure-math.js';
import { CURRENT_WINDOW_MS, DAY_MS, HOUR_MS } from './ingestion-figures.service.js';
import { OperationSampleStore } from './operation-sample.store.js';
import { MINUTE_MS, minuteStart } from './sampled-figures.js';

export interface DeliveryFigures {
  asOf: number;
  outbox: { depth: number; oldestPendingAgeSeconds: number };
  /** Summed over the instances that sampled lately: the most attempts in flight at once in their latest minute, and their slots. */
  slots: { peakInUse: number; capacity: number; instances: number };
  attemptsLastHour: { succeeded: number; failed: number };
  failingWebhooks: (Omit<FailingWebhook, 'url'> & { host: string })[];
  series: { minute: number; succeeded: number; failed: number }[];
}

/** Failing webhooks listed at most, the worst first. */
const FAILING_WEBHOOKS_SHOWN = 200;

/** The Delivery page: the outbox and webhooks as stored, attempts from the samples. */
@Injectable()
export class DeliveryFiguresService {
  constructor(
    private readonly samples: OperationSampleStore,
    private readonly outbox: DeliveryStore,
    private readonly webhooks: WebhookStore,
    private readonly clock: Clock,
  ) {}

  async figuresNow(): Promise<DeliveryFigures> {
    const now = this.clock.nowMs();
    const to = minuteStart(now);
    const backlog = await this.outbox.backlog();
    const peaks = await this.samples.latest('delivery.slots_peak', to - CURRENT_WINDOW_MS, now);
    const capacities = await this.samples.latest('delivery.slots', to - CURRENT_WINDOW_MS, now);
    const sum = (rows: readonly { value: number }[]) =>
      rows.reduce((total, { value }) => total + value, 0);
    const series = await this.series(to - DAY_MS, to);
    const lastHour = series.slice(-HOUR_MS / MINUTE_MS);
    return {
      asOf: to,
      outbox: {
        depth: backlog.depth,
        oldestPendingAgeSeconds:
          backlog.oldestCreatedAt === null ? 0 : Math.max(0, now - backlog.oldestCreatedAt) / 1000,
      },
      slots: { peakInUse: sum(peaks), capacity: sum(capacities), instances: capacities.length },
      attemptsLastHour: {
        succeeded: lastHour.reduce((total, { succeeded }) => total + succeeded, 0),
        failed: lastHour.reduce((total, { failed }) => total + failed, 0),
      },
      failingWebhooks: (await this.webhooks.failing(FAILING_WEBHOOKS_SHOWN)).map(
        ({ url, ...webhook }) => ({
          ...webhook,
          host: hostOf(url),
        }),
      ),
      series,
    };
  }

  private async series(from: number, to: number): Promise<DeliveryFigures['series']> {
    const outcome = async (subject: string) =>
      perMinute(
        await this.samples.totalsByMinute('delivery.attempts', from, to, subject),
        from,
        to,
      );
    const succeeded = await outcome('succeeded');
    const failed = await outcome('failed');
    return succeeded.map((count, index) => ({
      minute: from + index * MINUTE_MS,
      succeeded: count,
      failed: failed[index],
    }));
  }
}
