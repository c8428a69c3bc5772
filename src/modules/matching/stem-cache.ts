import { stemmer } from 'stemmer';

/** Porter's algorithm leaves words this short unchanged. */
const MIN_STEMMABLE_LENGTH = 3;

/**
 * Memoised English (Porter) stems. Stemming runs a dozen regular expressions, far too slow to
 * repeat for every word of every item; Reddit's vocabulary is Zipf-shaped, so a bounded cache
 * answers almost every lookup. When full, the oldest entries are evicted first.
 */
export class StemCache {
  private readonly stems = new Map<string, string>();

  constructor(private readonly maxEntries = 200_000) {}

  stem(word: string): string {
    if (word.length < MIN_STEMMABLE_LENGTH) return word;
    let stem = this.stems.get(word);
    if (stem === undefined) {
      stem = stemmer(word);
      if (this.stems.size >= this.maxEntries) this.evictOldest();
      this.stems.set(word, stem);
    }
    return stem;
  }

  get size(): number {
    return this.stems.size;
  }

  private evictOldest(): void {
    const oldest = this.stems.keys().next();
    if (!oldest.done) this.stems.delete(oldest.value);
  }
}
