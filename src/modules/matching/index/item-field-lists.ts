import type { ItemFieldAnchor, QueryKeyword } from './indexed-keyword.js';

const NAME_BUCKET_BITS = 10;

/**
 * A name's bucket: FNV-1a over its UTF-16 units, ASCII letters lower-cased, so a name and its
 * lower case share one; -1 for a name with a unit outside ASCII, which lower-casing may turn into
 * ASCII (the Kelvin sign into `k`). Subreddit and user names are ASCII.
 */
export function nameBucket(name: string): number {
  let hash = 0x811c9dc5 | 0;
  for (let index = 0; index < name.length; index++) {
    let code = name.charCodeAt(index);
    if (code > 0x7f) return -1;
    if (code >= 0x41 && code <= 0x5a) code |= 0x20;
    hash = Math.imul(hash ^ code, 0x01000193);
  }
  return hash >>> (32 - NAME_BUCKET_BITS);
}

/**
 * The queries filed under an item field rather than a term (`sub:rust type:post`): one list per
 * subreddit, author and domain name, looked up with the item's own, so their cost is a few map
 * reads per item whatever their number.
 */
export class ItemFieldLists {
  private readonly lists = {
    sub: new Map<string, QueryKeyword[]>(),
    author: new Map<string, QueryKeyword[]>(),
    site: new Map<string, QueryKeyword[]>(),
  };

  /**
   * How many subreddit and author names are filed in each name bucket: most items' names are in
   * none, and are not lower-cased and looked up (a string made and hashed per item).
   */
  private readonly bucketCounts = {
    sub: new Int32Array(1 << NAME_BUCKET_BITS),
    author: new Int32Array(1 << NAME_BUCKET_BITS),
  };

  /**
   * False when no query is filed under the item's subreddit or author, named as the item has it
   * (in any case); true when one may be.
   */
  mayBeFiledUnder(kind: 'sub' | 'author', itemName: string): boolean {
    const bucket = nameBucket(itemName);
    return bucket < 0 || this.bucketCounts[kind][bucket] > 0;
  }

  /** Whether any query is filed under a name of that kind (most matchers file none). */
  has(kind: ItemFieldAnchor['kind']): boolean {
    return this.lists[kind].size > 0;
  }

  /** The queries filed under a (lower-case) name. */
  under(kind: ItemFieldAnchor['kind'], name: string): readonly QueryKeyword[] | undefined {
    return this.lists[kind].get(name);
  }

  count({ kind, name }: ItemFieldAnchor): number {
    return this.lists[kind].get(name)?.length ?? 0;
  }

  add({ kind, name }: ItemFieldAnchor, query: QueryKeyword): void {
    const list = this.lists[kind].get(name);
    if (list !== undefined) {
      list.push(query);
      return;
    }
    this.lists[kind].set(name, [query]);
    this.countName(kind, name, 1);
  }

  remove({ kind, name }: ItemFieldAnchor, query: QueryKeyword): void {
    const list = this.lists[kind].get(name);
    if (list === undefined) return;
    const index = list.indexOf(query);
    if (index >= 0) list.splice(index, 1);
    if (list.length > 0) return;
    this.lists[kind].delete(name);
    this.countName(kind, name, -1);
  }

  /** A filed name outside ASCII has no bucket: an item's ASCII name never lower-cases to it. */
  private countName(kind: ItemFieldAnchor['kind'], name: string, change: number): void {
    const bucket = nameBucket(name);
    if (kind !== 'site' && bucket >= 0) this.bucketCounts[kind][bucket] += change;
  }
}
