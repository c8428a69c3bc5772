import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Mutex } from 'async-mutex';
import type { Logger } from 'pino';
import type { BackgroundLoop } from '../../common/background/background-loop.js';
import { backoffDelayMs } from '../../common/time/backoff.js';
import { Clock } from '../../common/time/clock.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { ROOT_LOGGER } from '../../core.module.js';
import { CommitWakeups } from '../../database/commit-wakeups.js';
import { isDatabaseUnreachable } from '../../database/database-unreachable.js';
import type { AlertEntity } from '../alerts/alert.entity.js';
import { PipelineStageMetrics } from '../metrics/pipeline-stage.metrics.js';
import { AlertStore } from '../alerts/alert.store.js';
import { DELIVERIES_DUE } from './delivery.outbox.js';
import { DeliveryMetrics, type DeliveryOutcome } from './delivery.metrics.js';
import { DeliveryStore, type ClaimedDelivery, type SettledDelivery } from './delivery.store.js';
import { DeliverySlots, slotShares } from './delivery-slots.js';
import { GroupCommit } from './group-commit.js';
import { RetryPace } from './retry-pace.js';
import { nextRetryAt } from './retry-policy.js';
import { webhookBody } from './formats/webhook-body.js';
import { signedWebhookRequest } from './signed-webhook-request.js';
import { WebhookSender } from './webhook-sender.js';
import { WebhookTargets, type DeliverableWebhook } from './webhook-targets.js';

export interface DeliveryRunSummary {
  claimed: number;
  succeeded: number;
  failed: number;
  canceled: number;
}

/** How often due rows are looked for when no wake-up came (other instances, expired leases). */
export const DELIVERY_POLL_MS = 200;

/**
 * A claim covers one attempt (at most the timeout) with room to spare, so only a worker that
 * died mid-attempt lets it expire; that is the one case in which a delivery is sent twice.
 */
export function deliveryLeaseMs(timeoutMs: number): number {
  return 3 * timeoutMs;
}

/** Each claim costs about 1.2 ms of the event loop (SQL and its bookkeeping): at most 100 a second. */
const MIN_CLAIM_INTERVAL_MS = 10;

/** The waits between tries of the reads and writes of claimed rows while the database is away. */
const DATABASE_RETRY_FIRST_MS = 100;
const DATABASE_RETRY_MAX_MS = 2_000;

/** Rows read per free slot, so rows of webhooks at their limit leave enough for the others. */
const CANDIDATES_PER_SLOT = 2;

/** Within a run, after a look for due retries found none, the next waits this long. */
const RETRY_LOOK_INTERVAL_MS = 100;

/**
 * While first attempts (and redeliveries) are being made, retries start at most this many a
 * second per worker (bursts of RETRY_BURST); once none has started for
 * FIRST_ATTEMPTS_RECENTLY_MS, they take every free slot. The pace leaves the CPU to what the
 * product is for: new alerts, and the storing of them in the same process.
 */
const RETRIES_PER_SECOND_BEHIND_OPEN_ROWS = 50;
const RETRY_BURST = 10;
const FIRST_ATTEMPTS_RECENTLY_MS = 1_000;

interface DeliveryTarget {
  alert: AlertEntity;
  webhook: DeliverableWebhook;
}

interface FillResult {
  moreDue: boolean;
  skippedBusy: boolean;
}

function outcomeOf({ outcome }: SettledDelivery): DeliveryOutcome {
  if (outcome === null) return 'canceled';
  return outcome.ok ? 'succeeded' : 'failed';
}

const emptyRunSummary = (): DeliveryRunSummary => ({
  claimed: 0,
  succeeded: 0,
  failed: 0,
  canceled: 0,
});

/** The stage clocks time an alert's way to its first attempt, not retries or redeliveries. */
const isFirstAttempt = (claim: ClaimedDelivery) =>
  claim.trigger === 'automatic' && claim.attempts === 0;

/**
 * Drains the outbox: claims due rows (never more than there are free slots), signs and posts
 * each one once, and records the outcome. Sends run side by side within DeliverySlots, so one
 * slow receiver holds up nobody else.
 */
@Injectable()
export class DeliveryWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger: Logger;
  private readonly leaseMs: number;
  private readonly slots: DeliverySlots;
  private readonly recordings = new Set<Promise<void>>();
  private readonly claiming = new Mutex();
  private readonly loop: BackgroundLoop;
  private readonly outcomes: GroupCommit<SettledDelivery, boolean>;
  private lastClaimAt = Number.NEGATIVE_INFINITY;
  private nextRetryLookAt = Number.NEGATIVE_INFINITY;
  /** When the latest attempt that is not a retry (a first attempt, a redelivery) started. */
  private lastFirstAttemptAt = Number.NEGATIVE_INFINITY;
  private readonly retryPace = new RetryPace(RETRIES_PER_SECOND_BEHIND_OPEN_ROWS, RETRY_BURST);
  private freedSinceClaim = 0;

  constructor(
    private readonly store: DeliveryStore,
    private readonly alerts: AlertStore,
    private readonly targets: WebhookTargets,
    private readonly sender: WebhookSender,
    private readonly clock: Clock,
    wakeups: CommitWakeups,
    private readonly metrics: DeliveryMetrics,
    private readonly stages: PipelineStageMetrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) rootLogger: Logger,
  ) {
    this.logger = rootLogger.child({ component: 'delivery-worker' });
    const { concurrency, timeoutMs } = config.webhooks;
    this.slots = new DeliverySlots(slotShares(concurrency, timeoutMs), () => {
      this.freedSinceClaim += 1;
      this.loop.wake();
    });
    this.leaseMs = deliveryLeaseMs(config.webhooks.timeoutMs);
    this.outcomes = new GroupCommit((settled) =>
      this.onceDatabaseAnswers(() => this.store.recordOutcomes(settled)),
    );
    this.loop = wakeups.backgroundLoop(DELIVERIES_DUE, {
      name: 'delivery worker',
      logger: this.logger,
      idleMs: DELIVERY_POLL_MS,
      turn: () => this.runOnce(),
      drain: () => this.drain(),
    });
  }

  onApplicationBootstrap(): void {
    if (this.config.backgroundJobs) this.loop.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.loop.stop();
  }

  takeSlotPeak(): { peak: number; capacity: number } {
    return this.slots.takePeakUse();
  }

  /** Delivers everything due until nothing is due and nothing is in flight. */
  async runOnce(): Promise<DeliveryRunSummary> {
    const summary = emptyRunSummary();
    // Each run (a wake-up, or the poll) looks for due retries at least once.
    this.nextRetryLookAt = Number.NEGATIVE_INFINITY;
    for (;;) {
      await this.spaceOutClaims();
      const { moreDue, skippedBusy } = await this.fillFreeSlots(summary);
      const idle = this.slots.idle();
      if (idle && !moreDue && !skippedBusy) {
        await this.recorded();
        return summary;
      }
      // Idle after skipping busy webhooks: their attempts ended meanwhile, so look again.
      if (idle || (moreDue && this.slots.free() > 0)) continue;
      await this.loop.sleep(DELIVERY_POLL_MS);
    }
  }

  /** Lets the attempts in flight finish and record their outcome, so no lease has to expire. */
  private async drain(): Promise<void> {
    await this.claiming.waitForUnlock();
    await this.store.releaseClaimConnection();
    await this.recorded();
  }

  /**
   * While attempts are in flight, a claim waits until a quarter of the slots were freed since the
   * last one or MIN_CLAIM_INTERVAL_MS have passed, so a busy worker claims rows in batches rather
   * than one query per finished attempt, also when its shares, not its free slots, limit a claim.
   */
  private async spaceOutClaims(): Promise<void> {
    const batch = Math.ceil(this.config.webhooks.concurrency / 4);
    for (;;) {
      if (this.slots.idle() || this.freedSinceClaim >= batch) return;
      const wait = this.lastClaimAt + MIN_CLAIM_INTERVAL_MS - performance.now();
      if (wait <= 0) return;
      await this.loop.sleep(wait);
    }
  }

  /**
   * Claims as many due rows as there are free slots, within the per-webhook limits, and starts
   * them; then due retries, into the slots no open row could take. `moreDue`: rows may be left
   * that could start now; `skippedBusy`: rows of webhooks at their limit may be left.
   */
  private fillFreeSlots(summary: DeliveryRunSummary): Promise<FillResult> {
    return this.claiming.runExclusive(async () => {
      const free = this.slots.free();
      if (this.loop.stopping) return { moreDue: false, skippedBusy: false };
      if (free <= 0) return { moreDue: true, skippedBusy: false };
      this.lastClaimAt = performance.now();
      this.freedSinceClaim = 0;
      const now = this.clock.nowMs();
      const skipWebhookIds = this.slots.fullWebhooks();
      const window = free * CANDIDATES_PER_SLOT;
      const { due, more, chosen, claimed } = await this.store.claimDueDeliveries({
        window,
        perWebhook: this.slots.largestShare(),
        now,
        leaseUntil: now + this.leaseMs,
        skipWebhookIds,
        choose: (rows) => this.slots.pick(rows),
      });
      this.startAll(claimed, summary);
      const openRowsBusy =
        now - this.lastFirstAttemptAt < FIRST_ATTEMPTS_RECENTLY_MS ||
        skipWebhookIds.length > 0 ||
        chosen.length < due.length;
      const retries = more ? null : await this.claimDueRetries(now, openRowsBusy, summary);
      return {
        moreDue: more || chosen.length === free || retries?.more === true,
        skippedBusy:
          skipWebhookIds.length > 0 ||
          chosen.length < due.length ||
          (retries !== null && retries.chosen.length < retries.due.length),
      };
    });
  }

  /**
   * Retries wait behind every open row: they take only slots left free, and while first attempts
   * are being made (one started in the last second) or wait behind their shares, only at
   * RetryPace's rate, so a webhook failing and retrying never delays the deliveries of another
   * (docs/webhooks.md, retries).
   */
  private async claimDueRetries(now: number, openRowsBusy: boolean, summary: DeliveryRunSummary) {
    const paced = openRowsBusy ? this.retryPace.allowance() : Infinity;
    const free = this.slots.free();
    const limit = Math.min(free, paced);
    // Paced retries go in batches of RETRY_BURST (or of the free slots, when fewer): a claim of
    // one row costs about what ten do.
    if (limit < Math.min(free, RETRY_BURST) || limit <= 0 || now < this.nextRetryLookAt) {
      return null;
    }
    const retries = await this.store.claimDueRetries({
      window: limit * CANDIDATES_PER_SLOT,
      now,
      leaseUntil: now + this.leaseMs,
      skipWebhookIds: this.slots.fullWebhooks(),
      choose: (rows) => this.slots.pick(rows).slice(0, limit),
    });
    this.nextRetryLookAt = retries.due.length === 0 ? now + RETRY_LOOK_INTERVAL_MS : now;
    this.retryPace.spend(retries.claimed.length);
    this.startAll(retries.claimed, summary);
    return retries;
  }

  /**
   * The claimed rows take their slots at once; one read of the alerts and of the webhooks'
   * current state for the whole batch then runs while the next claim goes ahead.
   */
  private startAll(claims: ClaimedDelivery[], summary: DeliveryRunSummary): void {
    if (claims.length === 0) return;
    const claimedAt = this.clock.nowMs();
    for (const claim of claims) {
      if (isFirstAttempt(claim))
        this.stages.observe('stored_to_claimed', claimedAt - claim.createdAt);
    }
    const targets = this.onceDatabaseAnswers(() =>
      Promise.all([
        this.alerts.findByIds(claims.map((claim) => claim.alertId)),
        this.targets.findDeliverable(claims.map((claim) => claim.webhookId)),
      ]),
    );
    for (const claim of claims) {
      const target = targets.then(([alerts, webhooks]) => {
        const alert = alerts.get(claim.alertId);
        const webhook = webhooks.get(claim.webhookId);
        return alert && webhook ? { alert, webhook } : null;
      });
      this.start(claim, target, summary, claimedAt);
    }
    summary.claimed += claims.length;
  }

  /**
   * The slot is held for the HTTP attempt only, until its response body was read or given up;
   * recording the outcome is batched behind it.
   */
  private start(
    claim: ClaimedDelivery,
    target: Promise<DeliveryTarget | null>,
    summary: DeliveryRunSummary,
    claimedAt: number,
  ): void {
    const attempt = target.then((found) => this.attempt(claim, found, claimedAt));
    const over = attempt.then(
      () => undefined,
      () => undefined,
    );
    this.slots.occupy(claim, over);
    if (claim.trigger !== 'retry') this.lastFirstAttemptAt = this.clock.nowMs();
    const recorded = attempt
      .then((settled) => this.record(settled))
      .then(
        (outcome) => {
          summary[outcome] += 1;
        },
        (error: unknown) => {
          this.logger.error(
            { err: error, deliveryId: claim.id },
            'delivery outcome not recorded; the row is claimed again when its lease expires',
          );
        },
      )
      .finally(() => this.recordings.delete(recorded));
    this.recordings.add(recorded);
  }

  /** A webhook paused or deleted since the alert was stored gets nothing: the row is canceled. */
  private async attempt(
    claim: ClaimedDelivery,
    target: DeliveryTarget | null,
    claimedAt: number,
  ): Promise<SettledDelivery> {
    const attemptedAt = this.clock.nowMs();
    if (target === null) return { claim, outcome: null, attemptedAt, retryAt: null };
    const { alert, webhook } = target;
    if (webhook.signingError !== null) {
      return this.unsigned(claim, webhook.signingError, attemptedAt);
    }
    const result = await this.sender.send(
      signedWebhookRequest({
        url: webhook.url,
        secrets: webhook.secretsAt(attemptedAt),
        sentAtSeconds: Math.floor(attemptedAt / 1000),
        webhookId: claim.webhookId,
        deliveryId: claim.id,
        event: alert.event,
        payload: webhookBody(webhook.format, alert, { webhookId: claim.webhookId, test: false }),
      }),
    );
    this.slots.observe(claim.webhookId, result);
    const answeredAt = this.clock.nowMs();
    this.metrics.recordLatency(result.ok, answeredAt - claim.createdAt);
    if (isFirstAttempt(claim)) this.stages.observe('claimed_to_sent', answeredAt - claimedAt);
    if (result.ok) return { claim, outcome: result, attemptedAt, retryAt: null };
    const retryAt = nextRetryAt({
      policy: webhook.retryPolicy,
      trigger: claim.trigger,
      retries: claim.retries,
      failure: result,
      attemptedAt,
      random: Math.random(),
    });
    this.logger.warn(
      {
        webhookId: claim.webhookId,
        deliveryId: claim.id,
        attempt: claim.attempts + 1,
        status: result.status,
        error: result.error,
        retryAt: retryAt === null ? null : new Date(retryAt).toISOString(),
      },
      'webhook delivery failed',
    );
    return { claim, outcome: result, attemptedAt, retryAt };
  }

  /** Fails alone, unsent: the other webhooks of the batch are sent as usual. */
  private unsigned(claim: ClaimedDelivery, error: string, attemptedAt: number): SettledDelivery {
    this.logger.warn(
      { webhookId: claim.webhookId, deliveryId: claim.id, error },
      'webhook delivery failed',
    );
    return {
      claim,
      outcome: { ok: false, status: null, error, durationMs: 0 },
      attemptedAt,
      retryAt: null,
    };
  }

  private async record(settled: SettledDelivery): Promise<DeliveryOutcome> {
    const outcome = outcomeOf(settled);
    this.metrics.recordOutcome(outcome);
    const recorded = await this.outcomes.add(settled);
    if (!recorded && settled.outcome !== null) {
      this.logger.warn({ deliveryId: settled.claim.id }, 'delivery sent after its lease expired');
    }
    return outcome;
  }

  /**
   * Runs `work` again while the database cannot be reached, until the worker stops: a claimed
   * row whose attempt or outcome were given up would wait for its lease to expire, and be sent
   * again then.
   */
  private async onceDatabaseAnswers<T>(work: () => Promise<T>): Promise<T> {
    for (let failures = 1; ; failures += 1) {
      try {
        return await work();
      } catch (error) {
        if (!isDatabaseUnreachable(error) || this.loop.stopping) throw error;
        await sleep(backoffDelayMs(failures, DATABASE_RETRY_FIRST_MS, DATABASE_RETRY_MAX_MS));
      }
    }
  }

  private async recorded(): Promise<void> {
    await this.slots.drained();
    await Promise.all(this.recordings);
  }
}
