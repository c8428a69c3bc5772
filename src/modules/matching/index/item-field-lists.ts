import type { ItemFieldAnchor, QueryKeyword } from './indexed-keyword.js';

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
    if (list === undefined) this.lists[kind].set(name, [query]);
    else list.push(query);
  }

  remove({ kind, name }: ItemFieldAnchor, query: QueryKeyword): void {
    const list = this.lists[kind].get(name);
    if (list === undefined) return;
    const index = list.indexOf(query);
    if (index >= 0) list.splice(index, 1);
    if (list.length === 0) this.lists[kind].delete(name);
  }
}
