import { CandidatePool } from './candidate-pool.js';
import { ProgramArena } from '../query/program-arena.js';
import type { IndexedKeyword } from './indexed-keyword.js';
import { NameTable } from './name-table.js';
import { PairFilter } from './pair-filter.js';
import type { Term } from './term.js';
import {
  FOLLOWS,
  HAS_FOLLOWERS,
  HAS_PER_FIELD,
  HAS_POSITIONAL,
  TermTable,
  UNNOTED,
} from './term-table.js';
import { grown } from './grown-array.js';
import { PhraseSearchRule } from '../rules/phrase-search-rule.js';
import { SymbolPhraseLists } from './symbol-phrase-lists.js';

/**
 * Files each keyword in a candidate list of its anchor term: verified once per field where
 * the term occurs, at each occurrence, or at each occurrence followed by a given token term.
 * List heads are kept in arrays indexed by term id, so the matcher reaches a term's keywords
 * without touching any object. Keywords without an anchor (only symbols) go to a list per
 * phrase, found in a field by one automaton pass.
 */
export class KeywordIndex {
  readonly terms = new TermTable();
  readonly names = new NameTable();
  readonly pool = new CandidatePool();
  /** The compiled queries its query placements' nodes point into. */
  readonly programs = new ProgramArena(this.names);
  readonly pairs = new PairFilter();
  /** By anchor term id: first node of its lists (0: empty). */
  perFieldHeads = new Int32Array(1024);
  positionalHeads = new Int32Array(1024);
  /** By anchor term id, then by the id of the token term that must follow it: first node. */
  readonly followedBy: (Map<number, number> | undefined)[] = [];
  /** By term id: how many anchors it follows in `followedBy` (FOLLOWS while some). */
  private followedAnchors = new Int32Array(1024);
  readonly symbolPhrases = new SymbolPhraseLists();

  keywordsFiledUnder(anchorTerm: Term, nextTerm: Term): number {
    let count = 0;
    const head = this.followedBy[anchorTerm.id]?.get(nextTerm.id) ?? 0;
    for (let node = head; node !== 0; node = this.pool.next(node)) count++;
    return count;
  }

  add(keyword: IndexedKeyword): void {
    const { anchorTerm, nextTerm } = keyword;
    if (anchorTerm !== null) this.ensureCapacity(anchorTerm.id);
    const head = this.headOf(keyword);
    keyword.node = this.pool.insert(head, keyword);
    this.setHead(keyword, keyword.node);
    if (anchorTerm === null) return;
    if (nextTerm !== null && head === 0) this.pairs.add(anchorTerm.id, nextTerm.id);
    this.updateCandidateKinds(anchorTerm.id);
  }

  remove(keyword: IndexedKeyword): void {
    const { anchorTerm, nextTerm } = keyword;
    const head = this.pool.remove(this.headOf(keyword), keyword.node);
    this.setHead(keyword, head);
    if (anchorTerm !== null) {
      if (nextTerm !== null && head === 0) this.dropPair();
      this.updateCandidateKinds(anchorTerm.id);
    }
    this.release(keyword);
  }

  /** Gives back what a keyword held: its terms, its exclusion phrases' terms, its names. */
  release({ terms, exclusionTerms, names }: Held): void {
    for (const term of terms) this.terms.release(term);
    for (const term of exclusionTerms) this.terms.release(term, false);
    for (const name of names) this.names.release(name);
  }

  private dropPair(): void {
    this.pairs.remove();
    if (this.pairs.needsRebuild) this.pairs.rebuild(this.livePairs());
  }

  private *livePairs(): Generator<[number, number]> {
    for (let anchorId = 0; anchorId < this.followedBy.length; anchorId++) {
      for (const nextId of this.followedBy[anchorId]?.keys() ?? []) yield [anchorId, nextId];
    }
  }

  private headOf(keyword: IndexedKeyword): number {
    const { anchorTerm, nextTerm, perField } = keyword;
    if (anchorTerm === null) return this.symbolPhrases.headOf(symbolPhraseOf(keyword));
    const id = anchorTerm.id;
    if (nextTerm !== null) return this.followedBy[id]?.get(nextTerm.id) ?? 0;
    return perField ? this.perFieldHeads[id] : this.positionalHeads[id];
  }

  private setHead(keyword: IndexedKeyword, head: number): void {
    const { anchorTerm, nextTerm, perField } = keyword;
    if (anchorTerm === null) {
      this.symbolPhrases.setHead(symbolPhraseOf(keyword), head);
      return;
    }
    const id = anchorTerm.id;
    if (nextTerm === null) {
      (perField ? this.perFieldHeads : this.positionalHeads)[id] = head;
      return;
    }
    const followers = (this.followedBy[id] ??= new Map());
    const wasFollowing = followers.has(nextTerm.id);
    if (head !== 0) followers.set(nextTerm.id, head);
    else followers.delete(nextTerm.id);
    if (followers.size === 0) this.followedBy[id] = undefined;
    if (wasFollowing !== (head !== 0)) this.countFollowed(nextTerm.id, head !== 0 ? 1 : -1);
  }

  private countFollowed(nextId: number, change: number): void {
    this.ensureCapacity(nextId);
    this.followedAnchors[nextId] += change;
    this.updateCandidateKinds(nextId);
  }

  private ensureCapacity(termId: number): void {
    this.perFieldHeads = grown(this.perFieldHeads, termId + 1);
    this.positionalHeads = grown(this.positionalHeads, termId + 1);
    this.followedAnchors = grown(this.followedAnchors, termId + 1);
  }

  private updateCandidateKinds(id: number): void {
    this.terms.candidateKinds[id] =
      (this.terms.candidateKinds[id] & UNNOTED) |
      (this.perFieldHeads[id] !== 0 ? HAS_PER_FIELD : 0) |
      (this.positionalHeads[id] !== 0 ? HAS_POSITIONAL : 0) |
      (this.followedBy[id] !== undefined ? HAS_FOLLOWERS : 0) |
      (this.followedAnchors[id] > 0 ? FOLLOWS : 0);
  }
}

type Held = Pick<IndexedKeyword, 'terms' | 'exclusionTerms' | 'names'>;

/**
 * A keyword without an anchor term is all symbols, its rule (built when it is placed) holding
 * its phrase, or a query's literal.
 */
function symbolPhraseOf({ rule, symbolPhrase }: IndexedKeyword): string {
  if (symbolPhrase !== null) return symbolPhrase;
  if (!(rule instanceof PhraseSearchRule))
    throw new Error('a keyword without an anchor has no phrase');
  return rule.phrase;
}
