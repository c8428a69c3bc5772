import { stemmer } from 'stemmer';

import type { AnchorBucket, KeywordIndex } from './keyword-index.js';

/** What the matcher needs to know about one text token. */
export interface TokenInfo {
  /** English (Porter) stem. */
  readonly stem: string;
  /** Keywords anchored on the token itself, and on its stem. */
  byToken: AnchorBucket | undefined;
  byStem: AnchorBucket | undefined;
  /** The index version the two buckets were read at. */
  indexVersion: number;
}

/**
 * Memoised token lookups. Reddit's vocabulary is Zipf-shaped, so a bounded cache answers
 * almost every token of an item with a single Map lookup, instead of one lookup per index plus
 * a dozen regular expressions to stem it. Buckets are re-read when the index gained or lost
 * one; when full, the oldest entries are evicted first.
 */
export class TokenCache {
  private readonly entries = new Map<string, TokenInfo>();

  constructor(
    private readonly index: KeywordIndex,
    private readonly maxEntries = 200_000,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  lookup(token: string): TokenInfo {
    let info = this.entries.get(token);
    if (info === undefined) {
      info = { stem: stemmer(token), byToken: undefined, byStem: undefined, indexVersion: -1 };
      if (this.entries.size >= this.maxEntries) this.evictOldest();
      this.entries.set(detached(token), info);
    }
    if (info.indexVersion !== this.index.version) {
      info.byToken = this.index.withToken(token);
      info.byStem = this.index.withStem(info.stem);
      info.indexVersion = this.index.version;
    }
    return info;
  }

  private evictOldest(): void {
    const oldest = this.entries.keys().next();
    if (!oldest.done) this.entries.delete(oldest.value);
  }
}

/**
 * A flat copy of the token: V8 may represent a slice as a view on its whole source text,
 * which a long-lived cache key would then keep alive.
 */
function detached(token: string): string {
  return (token + ' ').slice(0, -1);
}
