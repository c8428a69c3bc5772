import type { KeywordDefinition } from '../keyword-definition.js';
import type { QueryNode, Scope } from '../query/query-tree.js';
import type { KeywordFilter } from '../rules/keyword-filter.js';
import type { MatchRule } from '../rules/match-rule.js';
import type { Term } from './term.js';

/** Bits of IndexedKeyword.tracks. */
export const TRACKS_POSTS = 1;
export const TRACKS_COMMENTS = 2;

export interface IndexedKeyword {
  readonly definition: KeywordDefinition;
  /** Built on the keyword's first verification (KeywordMatcher.ruleOf); null until then. */
  rule: MatchRule | null;
  /** The rule's `perField`: which candidate list of its anchor the keyword is filed in. */
  readonly perField: boolean;
  /** Where in an exact phrase its anchor starts, for building the rule; else 0. */
  readonly anchorOffset: number;
  /** Checked once the rule matched; null for a keyword without filters. */
  readonly filter: KeywordFilter | null;
  /** The definition's track flags as TRACKS_* bits, read without touching the definition. */
  readonly tracks: number;
  /** The term the keyword is filed under; null for a keyword without any letter or digit. */
  readonly anchorTerm: Term | null;
  /** For a phrase anchor: the token term that must follow the anchor term. */
  readonly nextTerm: Term | null;
  /** Id of another term the keyword needs in the field, to skip it cheaply (0: none). */
  readonly requiredTermId: number;
  /** Every term the keyword holds (anchor included), released when it goes. */
  readonly terms: readonly Term[];
  /** The terms of its exclusion phrases, likewise (acquired as not noted). */
  readonly exclusionTerms: readonly Term[];
  /** Every name its filter holds (NameTable), released when it goes. */
  readonly names: readonly string[];
  node: number;
  /**
   * For a query the tree compiler left to the evaluator: the keyword, which may be filed under
   * several anchors (one placement each, holding no terms of its own); else null.
   */
  readonly query: QueryKeyword | null;
  /** A query placement without an anchor term: the literal text it is found by. */
  readonly symbolPhrase: string | null;
  /** A query placement whose anchor counts only in a post's title or only elsewhere; else null. */
  readonly scope: Scope | null;
}

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
  /** One per anchor term or literal it is filed under in the candidate lists. */
  readonly placements: IndexedKeyword[] = [];
  readonly itemFieldAnchors: ItemFieldAnchor[] = [];
  /** Every term, exclusion term and name it acquired, released when it goes. */
  terms: readonly Term[] = [];
  exclusionTerms: readonly Term[] = [];
  names: readonly string[] = [];
  /**
   * Where its tree compiled for the matcher's candidates starts in the index's ProgramArena; -1
   * until the words it reads are held and it is compiled.
   */
  programStart = -1;

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
