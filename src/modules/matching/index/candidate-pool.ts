import type { KeywordDefinition } from '../keyword-definition.js';
import type { IndexedKeyword } from './indexed-keyword.js';
import type { KeywordFilter } from '../rules/keyword-filter.js';
import { PhraseSearchRule } from '../rules/phrase-search-rule.js';
import { PRESENCE_RULE } from '../rules/presence-rule.js';
import { grown } from './grown-array.js';

/*
 * Node layout: NODE_INTS consecutive Int32 values, four nodes per cache line. Node 0 is never
 * used, so 0 ends a list and stands for the empty list.
 */
const NODE_INTS = 4;
const REQUIRED_TERM = 0;
const FLAGS = 1;
const NEXT = 2;
/** For a query placement, where its query's program starts in the ProgramArena instead. */
const MATCHED_STAMP = 3;
const PROGRAM_START = MATCHED_STAMP;
const NO_NODE = 0;

/** Bit of a node's flags, next to the keyword's TRACKS_* bits: its anchor alone is a match. */
export const MATCHES_ON_ANCHOR = 4;
export const HAS_FILTER = 8;
/** The node is one placement of a query that the evaluator decides (IndexedKeyword.query). */
export const IS_QUERY = 16;
/** A query placement whose anchor counts only in a title, or only in a body (IndexedKeyword.scope). */
export const TITLE_ONLY = 32;
export const BODY_ONLY = 64;

/**
 * Every candidate list of the index, as linked lists of nodes in one typed array. A node holds
 * all the matcher reads for most candidates: a term the keyword needs in the field besides its
 * anchor, its TRACKS_* bits and whether its anchor alone is a match, and the stamp of the last
 * item it matched (a query placement: where its query's program starts in the ProgramArena, which
 * holds the query's own stamp). Only a keyword with a rule left to verify is reached through its
 * object;
 * a match reports the definition, kept by node in its own array, so matching a bare word
 * touches one node and one array slot; a filtered keyword's filter is kept the same way. Back
 * links, needed only to unlink, are kept apart.
 */
export class CandidatePool {
  private nodes = new Int32Array(1024 * NODE_INTS);
  private previousNodes = new Int32Array(1024);
  private readonly keywords: (IndexedKeyword | undefined)[] = [undefined];
  private readonly definitions: (KeywordDefinition | undefined)[] = [undefined];
  private readonly filters: (KeywordFilter | null)[] = [null];
  private readonly freeNodes: number[] = [];

  /** Term id the node's keyword needs in the field besides its anchor (0: none). */
  requiredTermId(node: number): number {
    return this.nodes[node * NODE_INTS + REQUIRED_TERM];
  }

  /** TRACKS_* bits, MATCHES_ON_ANCHOR, HAS_FILTER, IS_QUERY, TITLE_ONLY and BODY_ONLY. */
  flags(node: number): number {
    return this.nodes[node * NODE_INTS + FLAGS];
  }

  /** The following node of the list, 0 at its end. */
  next(node: number): number {
    return this.nodes[node * NODE_INTS + NEXT];
  }

  matchedStamp(node: number): number {
    return this.nodes[node * NODE_INTS + MATCHED_STAMP];
  }

  markMatched(node: number, stamp: number): void {
    this.nodes[node * NODE_INTS + MATCHED_STAMP] = stamp;
  }

  clearMatchedStamps(): void {
    for (let base = 0; base < this.nodes.length; base += NODE_INTS) {
      if ((this.nodes[base + FLAGS] & IS_QUERY) === 0) this.nodes[base + MATCHED_STAMP] = 0;
    }
  }

  /** Where a query placement's query's program starts in the ProgramArena. */
  programStart(node: number): number {
    return this.nodes[node * NODE_INTS + PROGRAM_START];
  }

  keyword(node: number): IndexedKeyword {
    return this.keywords[node] as IndexedKeyword;
  }

  definition(node: number): KeywordDefinition {
    return this.definitions[node] as KeywordDefinition;
  }

  /** The keyword's filter; only for a node flagged HAS_FILTER. */
  filter(node: number): KeywordFilter {
    return this.filters[node] as KeywordFilter;
  }

  /** Puts the keyword in front of the list starting at `head`; returns its node, the new head. */
  insert(head: number, keyword: IndexedKeyword): number {
    const node = this.freeNodes.pop() ?? this.newNode();
    const base = node * NODE_INTS;
    this.nodes[base + REQUIRED_TERM] = keyword.requiredTermId;
    this.nodes[base + FLAGS] =
      keyword.tracks |
      // A presence rule is its anchor; a symbol phrase is found whole by the index.
      (keyword.rule === PRESENCE_RULE || keyword.rule instanceof PhraseSearchRule
        ? MATCHES_ON_ANCHOR
        : 0) |
      (keyword.filter === null ? 0 : HAS_FILTER) |
      (keyword.query === null ? 0 : IS_QUERY) |
      (keyword.scope === 'title' ? TITLE_ONLY : keyword.scope === 'body' ? BODY_ONLY : 0);
    this.nodes[base + NEXT] = head;
    this.nodes[base + MATCHED_STAMP] = keyword.query === null ? 0 : keyword.query.programStart;
    this.previousNodes[node] = NO_NODE;
    if (head !== NO_NODE) this.previousNodes[head] = node;
    this.keywords[node] = keyword;
    this.definitions[node] = keyword.definition;
    this.filters[node] = keyword.filter;
    return node;
  }

  /** Unlinks the node from the list starting at `head`; returns the list's head afterwards. */
  remove(head: number, node: number): number {
    const next = this.nodes[node * NODE_INTS + NEXT];
    const previous = this.previousNodes[node];
    if (next !== NO_NODE) this.previousNodes[next] = previous;
    if (previous !== NO_NODE) this.nodes[previous * NODE_INTS + NEXT] = next;
    this.keywords[node] = undefined;
    this.definitions[node] = undefined;
    this.filters[node] = null;
    this.freeNodes.push(node);
    return node === head ? next : head;
  }

  private newNode(): number {
    const node = this.keywords.length;
    this.keywords.push(undefined);
    this.definitions.push(undefined);
    this.filters.push(null);
    this.nodes = grown(this.nodes, (node + 1) * NODE_INTS);
    this.previousNodes = grown(this.previousNodes, node + 1);
    return node;
  }
}
