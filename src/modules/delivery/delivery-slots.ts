import type { DueDelivery } from './delivery.store.js';

export interface SlotShares {
  concurrency: number;
  /** Per webhook, until its last attempt was over quickly. */
  slowShare: number;
  /** Per webhook whose last attempt was over within `fastWithinMs`. */
  fastShare: number;
  fastWithinMs: number;
  /** Attempts in flight to webhooks whose last attempt was slow, all together. */
  slowPool: number;
  /** Per account, all its webhooks together. */
  accountShare: number;
}

/** Shares for DELIVERY_CONCURRENCY and WEBHOOK_TIMEOUT_MS. */
export function slotShares(concurrency: number, timeoutMs: number): SlotShares {
  return {
    concurrency,
    slowShare: Math.max(1, Math.ceil(concurrency / 8)),
    fastShare: Math.max(1, Math.ceil(concurrency / 2)),
    fastWithinMs: Math.min(1000, timeoutMs / 2),
    slowPool: Math.max(1, Math.floor(concurrency / 2)),
    accountShare: Math.max(1, Math.ceil(concurrency / 2)),
  };
}

export interface AttemptTiming {
  /** From the start until the attempt was over and its slot free. */
  heldMs: number;
  /** The receiver was still sending its body when the time allowed for it ran out. */
  bodyAbandoned: boolean;
}

export type SlotOwner = Pick<DueDelivery, 'webhookId' | 'accountId'>;

/**
 * The worker's attempts in flight: at most `concurrency`; per webhook a share that grows once its
 * attempts are fast; `slowPool` for slow webhooks together; `accountShare` per account while
 * another account's rows wait; work-conserving for fast webhooks (docs/webhooks.md). A slot is
 * free once the response body was read or given up, not when the status arrived.
 */
export class DeliverySlots {
  private readonly attempts = new Set<Promise<void>>();
  private readonly byWebhook = new Map<string, number>();
  private readonly byAccount = new Map<string, number>();
  private readonly webhooksOf = new Map<string, Set<string>>();
  private readonly lastAttempt = new Map<string, AttemptTiming>();
  private slowInFlight = 0;
  private peakInFlight = 0;

  constructor(
    private readonly shares: SlotShares,
    private readonly onRelease: () => void,
  ) {}

  free(): number {
    return this.shares.concurrency - this.attempts.size;
  }

  idle(): boolean {
    return this.attempts.size === 0;
  }

  largestShare(): number {
    return this.shares.fastShare;
  }

  /**
   * Webhooks that can take no row now: their rows are not even read. A full account's fast
   * webhooks are still read, for the slots nobody else wants.
   */
  fullWebhooks(): string[] {
    const full = new Set(
      [...this.byWebhook]
        .filter(([webhookId, count]) => count >= this.shareOf(webhookId))
        .map(([webhookId]) => webhookId),
    );
    if (this.slowInFlight >= this.shares.slowPool) {
      for (const webhookId of this.lastAttempt.keys()) {
        if (this.speedOf(webhookId) === 'slow') full.add(webhookId);
      }
    }
    for (const [accountId, count] of this.byAccount) {
      if (count < this.shares.accountShare) continue;
      for (const webhookId of this.webhooksOf.get(accountId) ?? []) {
        if (this.speedOf(webhookId) !== 'fast') full.add(webhookId);
      }
    }
    return [...full];
  }

  /**
   * The oldest rows first, as many as there are free slots, none beyond its shares; then, while
   * slots are left over, the rows of fast webhooks held back only by their account's share.
   */
  pick(due: readonly DueDelivery[]): DueDelivery[] {
    const webhookCounts = new Map(this.byWebhook);
    const accountCounts = new Map(this.byAccount);
    let slowLeft = this.shares.slowPool - this.slowInFlight;
    const picked: DueDelivery[] = [];
    const take = (delivery: DueDelivery, webhookCount: number) => {
      webhookCounts.set(delivery.webhookId, webhookCount + 1);
      accountCounts.set(delivery.accountId, (accountCounts.get(delivery.accountId) ?? 0) + 1);
      picked.push(delivery);
    };
    for (const delivery of due) this.learnAccount(delivery);
    const overShare: DueDelivery[] = [];
    for (const delivery of due) {
      if (picked.length === this.free()) return picked;
      const count = webhookCounts.get(delivery.webhookId) ?? 0;
      if (count >= this.shareOf(delivery.webhookId)) continue;
      const speed = this.speedOf(delivery.webhookId);
      if ((accountCounts.get(delivery.accountId) ?? 0) >= this.shares.accountShare) {
        if (speed === 'fast') overShare.push(delivery);
        continue;
      }
      if (speed === 'slow') {
        if (slowLeft <= 0) continue;
        slowLeft--;
      }
      take(delivery, count);
    }
    for (const delivery of overShare) {
      if (picked.length === this.free()) break;
      const count = webhookCounts.get(delivery.webhookId) ?? 0;
      if (count < this.shares.fastShare) take(delivery, count);
    }
    return picked;
  }

  occupy({ webhookId, accountId }: SlotOwner, attempt: Promise<void>): void {
    this.learnAccount({ webhookId, accountId });
    this.byWebhook.set(webhookId, (this.byWebhook.get(webhookId) ?? 0) + 1);
    this.byAccount.set(accountId, (this.byAccount.get(accountId) ?? 0) + 1);
    const slow = this.speedOf(webhookId) === 'slow';
    if (slow) this.slowInFlight++;
    const tracked = attempt.finally(() => {
      this.attempts.delete(tracked);
      if (slow) this.slowInFlight--;
      release(this.byWebhook, webhookId);
      release(this.byAccount, accountId);
      this.onRelease();
    });
    this.attempts.add(tracked);
    this.peakInFlight = Math.max(this.peakInFlight, this.attempts.size);
  }

  /** The most attempts in flight at once since the last call (the operator console's slot use). */
  takePeakUse(): { peak: number; capacity: number } {
    const peak = this.peakInFlight;
    this.peakInFlight = this.attempts.size;
    return { peak, capacity: this.shares.concurrency };
  }

  /** How the webhook's latest attempt went, which decides its share. */
  observe(webhookId: string, timing: AttemptTiming): void {
    this.lastAttempt.set(webhookId, timing);
  }

  async drained(): Promise<void> {
    await Promise.all(this.attempts);
  }

  /** So that the next claim skips the rows of a full account's webhooks, even unattempted ones. */
  private learnAccount({ webhookId, accountId }: SlotOwner): void {
    const webhooks = this.webhooksOf.get(accountId);
    if (webhooks === undefined) this.webhooksOf.set(accountId, new Set([webhookId]));
    else webhooks.add(webhookId);
  }

  private shareOf(webhookId: string): number {
    return this.speedOf(webhookId) === 'fast' ? this.shares.fastShare : this.shares.slowShare;
  }

  /**
   * From the webhook's latest attempt: fast when it was over, body and all, within
   * `fastWithinMs`. One not attempted yet has the small share, like a slow one, but does not
   * count against the slow webhooks' pool.
   */
  private speedOf(webhookId: string): 'fast' | 'slow' | 'unknown' {
    const last = this.lastAttempt.get(webhookId);
    if (last === undefined) return 'unknown';
    return !last.bodyAbandoned && last.heldMs < this.shares.fastWithinMs ? 'fast' : 'slow';
  }
}

function release(counts: Map<string, number>, key: string): void {
  const left = (counts.get(key) ?? 1) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}
