const BITS = 20;
const MIN_STALE_BEFORE_REBUILD = 1024;

/**
 * A Bloom-style bit set over the (anchor term, next token term) pairs that exact phrases are
 * filed under: it answers "no" for most adjacent token pairs of a text without a Map look-up,
 * and its 128 KiB stay in cache. A removed pair's bit stays set (costing at worst a look-up)
 * until stale bits outnumber live pairs and the owner rebuilds the set.
 */
export class PairFilter {
  private readonly words = new Int32Array(1 << (BITS - 5));
  private livePairs = 0;
  private stalePairs = 0;

  get needsRebuild(): boolean {
    return this.stalePairs > Math.max(MIN_STALE_BEFORE_REBUILD, this.livePairs);
  }

  add(anchorId: number, nextId: number): void {
    const bit = this.bitOf(anchorId, nextId);
    this.words[bit >>> 5] |= 1 << (bit & 31);
    this.livePairs++;
  }

  remove(): void {
    this.livePairs--;
    this.stalePairs++;
  }

  mayContain(anchorId: number, nextId: number): boolean {
    const bit = this.bitOf(anchorId, nextId);
    return (this.words[bit >>> 5] & (1 << (bit & 31))) !== 0;
  }

  rebuild(pairs: Iterable<readonly [number, number]>): void {
    this.words.fill(0);
    this.livePairs = 0;
    this.stalePairs = 0;
    for (const [anchorId, nextId] of pairs) this.add(anchorId, nextId);
  }

  private bitOf(anchorId: number, nextId: number): number {
    return Math.imul(Math.imul(anchorId, 0x9e3779b1) ^ nextId, 0x85ebca6b) >>> (32 - BITS);
  }
}
