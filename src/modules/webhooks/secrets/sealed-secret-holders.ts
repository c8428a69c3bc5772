import { Injectable } from '@nestjs/common';
import type { ResealSummary } from './sealed-secrets.store.js';

/** Secrets of another module sealed by the same cipher and keys (single sign-on's client secrets). */
export interface SealedSecretHolder {
  /** The key ids its sealed values name. */
  keyIdsInUse(): Promise<string[]>;
  /** Seals anew every value not sealed under `sealingKeyId`. */
  resealUnder(sealingKeyId: string): Promise<ResealSummary>;
}

/**
 * The modules above webhooks that seal with its keys, added by each holder as it is made: the
 * start refuses keys it does not hold for theirs too, and a key rotation reseals theirs and
 * keeps the keys they still name.
 */
@Injectable()
export class SealedSecretHolders {
  private readonly holders: SealedSecretHolder[] = [];

  add(holder: SealedSecretHolder): void {
    this.holders.push(holder);
  }

  async keyIdsInUse(): Promise<string[]> {
    return (await Promise.all(this.holders.map((holder) => holder.keyIdsInUse()))).flat();
  }

  async resealUnder(sealingKeyId: string): Promise<ResealSummary> {
    const total: ResealSummary = { resealed: 0, wasPlain: 0, unreadable: 0 };
    for (const holder of this.holders) {
      const summary = await holder.resealUnder(sealingKeyId);
      total.resealed += summary.resealed;
      total.wasPlain += summary.wasPlain;
      total.unreadable += summary.unreadable;
    }
    return total;
  }
}
