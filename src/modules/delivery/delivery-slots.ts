import type { DueDelivery } from './delivery.store.js';

export interface SlotShares {
  /** Attempts in flight in all. */
  concurrency: number;
  /** Per webhook, until its last attempt was answered quickly. */
  slowShare: number;
  /** Per webhook whose last attempt was answered within `fastWithinMs`. */
  fastShare: number;
  fastWithinMs: number;
  /** Attempts in flight to webhooks whose last attempt was slow, all together. */
  slowPool: number;
}

/** Shares for DELIVERY_CONCURRENCY and WEBHOOK_TIMEOUT_MS. */
export function slotShares(concurrency: number, timeoutMs: number): SlotShares {
  return {
    concurrency,
    slowShare: Math.max(1, Math.ceil(concurrency / 8)),
    fastShare: Math.max(1, Math.ceil(concurrency / 2)),
    fastWithinMs: Math.min(1000, timeoutMs / 2),
    slowPool: Math.max(1, Math.floor(concurrency / 2)),
  };
}

/**
 * The worker's attempts in flight: at most `concurrency` in all; per webhook a share that stays
 * small until the webhook has answered quickly, so slow receivers hold only a few slots each
 * while fast ones may use what is free; and webhooks known to be slow (their last attempt was)
 * hold at most `slowPool` slots together, so however many receivers hang, half of the slots
 * stay for the others.
 */
export class DeliverySlots {
  private readonly attempts = new Set<Promise<void>>();
  private readonly byWebhook = new Map<string, number>();
  private readonly lastDurationMs = new Map<string, number>();
  private slowInFlight = 0;

  constructor(
    private readonly shares: SlotShares,
    /** Called each time an attempt ends and frees its slot. */
    private readonly onRelease: () => void,
  ) {}

  free(): number {
    return this.shares.concurrency - this.attempts.size;
  }

  idle(): boolean {
    return this.attempts.size === 0;
  }

  /** The most rows one webhook can take in a claim. */
  largestShare(): number {
    return this.shares.fastShare;
  }

  /** Webhooks that can take no row now: their rows are not even read. */
  fullWebhooks(): string[] {
    const full = new Set(
      [...this.byWebhook]
        .filter(([webhookId, count]) => count >= this.shareOf(webhookId))
        .map(([webhookId]) => webhookId),
    );
    if (this.slowInFlight >= this.shares.slowPool) {
      for (const webhookId of this.lastDurationMs.keys()) {
        if (this.isKnownSlow(webhookId)) full.add(webhookId);
      }
    }
    return [...full];
  }

  /** The oldest rows first, as many as there are free slots, no webhook beyond its share. */
  pick(due: readonly DueDelivery[]): DueDelivery[] {
    const counts = new Map(this.byWebhook);
    let slowLeft = this.shares.slowPool - this.slowInFlight;
    const picked: DueDelivery[] = [];
    for (const delivery of due) {
      if (picked.length === this.free()) break;
      const count = counts.get(delivery.webhookId) ?? 0;
      if (count >= this.shareOf(delivery.webhookId)) continue;
      if (this.isKnownSlow(delivery.webhookId)) {
        if (slowLeft <= 0) continue;
        slowLeft--;
      }
      counts.set(delivery.webhookId, count + 1);
      picked.push(delivery);
    }
    return picked;
  }

  /** Holds a slot for the webhook until the attempt settles. */
  occupy(webhookId: string, attempt: Promise<void>): void {
    this.byWebhook.set(webhookId, (this.byWebhook.get(webhookId) ?? 0) + 1);
    const slow = this.isKnownSlow(webhookId);
    if (slow) this.slowInFlight++;
    const tracked = attempt.finally(() => {
      this.attempts.delete(tracked);
      if (slow) this.slowInFlight--;
      const left = (this.byWebhook.get(webhookId) ?? 1) - 1;
      if (left > 0) this.byWebhook.set(webhookId, left);
      else this.byWebhook.delete(webhookId);
      this.onRelease();
    });
    this.attempts.add(tracked);
  }

  /** How long the webhook's latest attempt took, which decides its share. */
  observe(webhookId: string, durationMs: number): void {
    this.lastDurationMs.set(webhookId, durationMs);
  }

  /** Resolves once every attempt in flight now has ended. */
  async drained(): Promise<void> {
    await Promise.all(this.attempts);
  }

  private shareOf(webhookId: string): number {
    return this.speedOf(webhookId) === 'fast' ? this.shares.fastShare : this.shares.slowShare;
  }

  private isKnownSlow(webhookId: string): boolean {
    return this.speedOf(webhookId) === 'slow';
  }

  /**
   * From the webhook's latest attempt. One not attempted yet has the small share, like a slow
   * one, but does not count against the slow webhooks' pool.
   */
  private speedOf(webhookId: string): 'fast' | 'slow' | 'unknown' {
    const last = this.lastDurationMs.get(webhookId);
    if (last === undefined) return 'unknown';
    return last < this.shares.fastWithinMs ? 'fast' : 'slow';
  }
}
