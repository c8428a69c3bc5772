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
  /** Position in its candidate list, for constant-time removal. */
  slot: number;
}

/** The keywords anchored on one token (or stem): alone, or followed by a given token. */
export interface AnchorBucket {
  readonly keywords: IndexedKeyword[];
  followedBy: Map<string, IndexedKeyword[]> | undefined;
}

/** Keywords filed under their anchor; keywords without one (symbols only) in a short list. */
export class KeywordIndex {
  readonly unanchored: IndexedKeyword[] = [];
  /** Changes whenever a bucket is created or dropped (not when one merely grows or shrinks). */
  version = 0;
  private readonly byToken = new Map<string, AnchorBucket>();
  private readonly byStem = new Map<string, AnchorBucket>();

  withToken(token: string): AnchorBucket | undefined {
    return this.byToken.get(token);
  }

  withStem(stem: string): AnchorBucket | undefined {
    return this.byStem.get(stem);
  }

  keywordsSharing(anchor: Anchor): number {
    return this.listFor(anchor)?.length ?? 0;
  }

  add(keyword: IndexedKeyword): void {
    const list = keyword.anchor === null ? this.unanchored : this.createListFor(keyword.anchor);
    keyword.slot = list.length;
    list.push(keyword);
  }

  remove(keyword: IndexedKeyword): void {
    const { anchor } = keyword;
    const list = anchor === null ? this.unanchored : this.listFor(anchor);
    if (list === undefined || list[keyword.slot] !== keyword) {
      throw new Error(`keyword ${keyword.definition.id} is not indexed`);
    }
    const last = list.pop() as IndexedKeyword;
    if (last !== keyword) {
      list[keyword.slot] = last;
      last.slot = keyword.slot;
    }
    if (anchor !== null && list.length === 0) this.dropEmpty(anchor);
  }

  private bucketsFor(anchor: Anchor): Map<string, AnchorBucket> {
    return anchor.index === 'token' ? this.byToken : this.byStem;
  }

  private listFor(anchor: Anchor): IndexedKeyword[] | undefined {
    const bucket = this.bucketsFor(anchor).get(anchor.key);
    if (bucket === undefined || anchor.nextKey === null) return bucket?.keywords;
    return bucket.followedBy?.get(anchor.nextKey);
  }

  private createListFor(anchor: Anchor): IndexedKeyword[] {
    const buckets = this.bucketsFor(anchor);
    let bucket = buckets.get(anchor.key);
    if (bucket === undefined) {
      bucket = { keywords: [], followedBy: undefined };
      buckets.set(anchor.key, bucket);
      this.version++;
    }
    if (anchor.nextKey === null) return bucket.keywords;
    bucket.followedBy ??= new Map();
    let list = bucket.followedBy.get(anchor.nextKey);
    if (list === undefined) {
      list = [];
      bucket.followedBy.set(anchor.nextKey, list);
    }
    return list;
  }

  private dropEmpty(anchor: Anchor): void {
    const buckets = this.bucketsFor(anchor);
    const bucket = buckets.get(anchor.key) as AnchorBucket;
    if (anchor.nextKey !== null) {
      bucket.followedBy?.delete(anchor.nextKey);
      if (bucket.followedBy?.size === 0) bucket.followedBy = undefined;
    }
    if (bucket.keywords.length === 0 && bucket.followedBy === undefined) {
      buckets.delete(anchor.key);
      this.version++;
    }
  }
}
