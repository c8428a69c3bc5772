import { Term, type TermKind } from './term.js';
import { grown } from './grown-array.js';

/** Bits of TermTable.candidateKinds: which candidate lists of a term hold keywords. */
export const HAS_PER_FIELD = 1;
export const HAS_POSITIONAL = 2;
export const HAS_FOLLOWERS = 4;
/**
 * Bit of TermTable.candidateKinds, kept by the table: only exclusion phrases use the term, so the
 * scanner records its tokens' ids (which an exclusion check compares) but not where it occurs.
 */
export const UNNOTED = 8;
/**
 * Bit of TermTable.candidateKinds, kept by the keyword index: the term completes some phrase
 * anchor (the `acmehub` of `best acmehub`). It is HAS_FOLLOWERS shifted by FOLLOWS_SHIFT, so the
 * scanner asks whether a token may complete a pair with one branch, rarely taken: `best` then
 * `acmehub`, not every token after a pair's first word.
 */
export const FOLLOWS_SHIFT = 2;
export const FOLLOWS = HAS_FOLLOWERS << FOLLOWS_SHIFT;

/** The terms of all indexed keywords, shared between keywords and dropped with their last user. */
export class TermTable {
  /** Changes whenever a term is created or dropped, so cached token resolutions know to refresh. */
  version = 0;
  /**
   * By term id: HAS_* bits and FOLLOWS, kept by the keyword index (none: the term is no anchor),
   * and UNNOTED. Read for every token of every item, so kept compact; 0 for id 0 (no term).
   */
  candidateKinds = new Uint8Array(1024);
  private readonly tokens = new Map<string, Term>();
  private readonly stems = new Map<string, Term>();
  private readonly prefixes = new Map<string, Term>();
  /** By length in UTF-16 units: how many prefix terms have it (a token looks only those up). */
  private prefixLengthCounts: number[] = [];
  /**
   * Every leading part of every prefix term held (`acm` of `acme*`), with how many terms it
   * leads: a token none of whose leading parts is here starts no prefix term, so it is looked up
   * once, not at every length held.
   */
  private readonly prefixLeads = new Map<string, number>();
  /** The lengths of `prefixLengthCounts` held, made when asked after a change. */
  private heldPrefixLengths: number[] | null = null;
  /** Ids start at 1, so 0 can stand for "no term"; ids of dropped terms are reused. */
  private nextId = 1;
  private readonly freeIds: number[] = [];

  get idLimit(): number {
    return this.nextId;
  }

  find(kind: TermKind, key: string): Term | undefined {
    return this.termsOf(kind).get(key);
  }

  /** `noted`: false for a token of an exclusion phrase (UNNOTED). */
  acquire(kind: TermKind, key: string, noted = true): Term {
    const terms = this.termsOf(kind);
    let term = terms.get(key);
    if (term === undefined) {
      term = new Term(this.freeIds.pop() ?? this.nextId++, kind, key);
      terms.set(key, term);
      if (kind === 'prefix') this.countPrefix(key, 1);
      this.candidateKinds = grown(this.candidateKinds, term.id + 1);
      this.version++;
    }
    this.hold(term, noted);
    return term;
  }

  /** One more use of a term already acquired, released as `acquire`'s are. */
  hold(term: Term, noted = true): void {
    term.users++;
    if (noted) term.notedUsers++;
    this.markNoted(term);
  }

  release(term: Term, noted = true): void {
    term.users--;
    if (noted) term.notedUsers--;
    if (term.users > 0) {
      this.markNoted(term);
      return;
    }
    this.termsOf(term.kind).delete(term.key);
    if (term.kind === 'prefix') this.countPrefix(term.key, -1);
    this.candidateKinds[term.id] = 0;
    this.freeIds.push(term.id);
    this.version++;
  }

  private markNoted(term: Term): void {
    const kinds = this.candidateKinds[term.id];
    this.candidateKinds[term.id] = term.notedUsers > 0 ? kinds & ~UNNOTED : kinds | UNNOTED;
  }

  /** Whether any query prefix is held: tokens look their prefix term up only then. */
  get hasPrefixes(): boolean {
    return this.prefixes.size > 0;
  }

  /** The lengths of the prefix terms held, shortest first (each once). */
  get prefixLengths(): readonly number[] {
    return (this.heldPrefixLengths ??= this.prefixLengthCounts.flatMap((count, length) =>
      count > 0 ? [length] : [],
    ));
  }

  /** Whether some prefix term held starts with `part` (or is it). */
  leadsToPrefix(part: string): boolean {
    return this.prefixLeads.has(part);
  }

  private countPrefix(key: string, change: number): void {
    this.prefixLengthCounts[key.length] = (this.prefixLengthCounts[key.length] ?? 0) + change;
    this.heldPrefixLengths = null;
    for (let length = 1; length <= key.length; length++) {
      const lead = key.slice(0, length);
      const count = (this.prefixLeads.get(lead) ?? 0) + change;
      if (count > 0) this.prefixLeads.set(lead, count);
      else this.prefixLeads.delete(lead);
    }
  }

  private termsOf(kind: TermKind): Map<string, Term> {
    return kind === 'token' ? this.tokens : kind === 'stem' ? this.stems : this.prefixes;
  }
}
