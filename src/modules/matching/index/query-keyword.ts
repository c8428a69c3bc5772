import type { KeywordDefinition } from '../keyword-definition.js';
import type { QueryNode } from '../query/query-tree.js';
import type { KeywordFilter } from '../rules/keyword-filter.js';
import type { IndexedKeyword } from './indexed-keyword.js';
import type { Term } from './term.js';

/** An item field a query is filed under (ItemFieldLists): `sub:`, `author:` or `site:`. */
export interface ItemFieldAnchor {
  readonly kind: 'sub' | 'author' | 'site';
  readonly name: string;
}

/**
 * A keyword whose query the evaluator decides (no specialised rule fits its tree): filed under
 * each of its anchors, and evaluated on the whole item at most once per item.
 */
export class QueryKeyword {
  /** The item stamp of its last evaluation. */
  stamp = 0;
  /** One per anchor term or literal it is filed under in the candidate lists. */
  readonly placements: IndexedKeyword[] = [];
  readonly itemFieldAnchors: ItemFieldAnchor[] = [];
  /** Every term, exclusion term and name it acquired, released when it goes. */
  terms: readonly Term[] = [];
  exclusionTerms: readonly Term[] = [];
  names: readonly string[] = [];

  constructor(
    readonly definition: KeywordDefinition,
    readonly tree: QueryNode,
    readonly filter: KeywordFilter | null,
    /** TRACKS_* bits. */
    readonly tracks: number,
    /** Whether it has a `title:` scope, which for a comment looks in its parent post's title. */
    readonly readsParentTitle: boolean,
  ) {}
}
