import type { Anchor } from './anchor.js';
import type { KeywordDefinition } from './keyword-definition.js';
import type { MatchRule } from './match-rule.js';

/** A keyword as held by the matcher, with the bookkeeping that keeps each check cheap. */
export interface IndexedKeyword {
  readonly definition: KeywordDefinition;
  readonly rule: MatchRule;
  readonly anchor: Anchor | null;
  /** Item stamp of the last match, so an item reports the keyword once. */
  matchedStamp: number;
  /** Field stamp of the last check of a per-field rule, so a field checks it once. */
  checkedStamp: number;
  /** Position in its bucket, for constant-time removal. */
  slot: number;
}

/** Keywords filed under their anchor token or stem; keywords without one in a short list. */
export class KeywordIndex {
  readonly unanchored: IndexedKeyword[] = [];
  private readonly byToken = new Map<string, IndexedKeyword[]>();
  private readonly byStem = new Map<string, IndexedKeyword[]>();

  withToken(token: string): IndexedKeyword[] | undefined {
    return this.byToken.get(token);
  }

  withStem(stem: string): IndexedKeyword[] | undefined {
    return this.byStem.get(stem);
  }

  get hasStemAnchors(): boolean {
    return this.byStem.size > 0;
  }

  keywordsSharing(anchor: Anchor): number {
    return this.bucketsFor(anchor).get(anchor.key)?.length ?? 0;
  }

  add(keyword: IndexedKeyword): void {
    const bucket = this.bucketOf(keyword, true);
    keyword.slot = bucket.length;
    bucket.push(keyword);
  }

  remove(keyword: IndexedKeyword): void {
    const bucket = this.bucketOf(keyword, false);
    const last = bucket.pop() as IndexedKeyword;
    if (last !== keyword) {
      bucket[keyword.slot] = last;
      last.slot = keyword.slot;
    }
    if (bucket.length === 0 && keyword.anchor !== null) {
      this.bucketsFor(keyword.anchor).delete(keyword.anchor.key);
    }
  }

  private bucketOf(keyword: IndexedKeyword, create: boolean): IndexedKeyword[] {
    if (keyword.anchor === null) return this.unanchored;
    const buckets = this.bucketsFor(keyword.anchor);
    let bucket = buckets.get(keyword.anchor.key);
    if (bucket === undefined) {
      if (!create) throw new Error(`keyword ${keyword.definition.id} is not indexed`);
      bucket = [];
      buckets.set(keyword.anchor.key, bucket);
    }
    return bucket;
  }

  private bucketsFor(anchor: Anchor): Map<string, IndexedKeyword[]> {
    return anchor.index === 'token' ? this.byToken : this.byStem;
  }
}
