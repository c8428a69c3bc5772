import { chooseAnchor, type Anchor } from './index/anchor.js';
import {
  BODY_ONLY,
  HAS_FILTER,
  IS_QUERY,
  MATCHES_ON_ANCHOR,
  TITLE_ONLY,
} from './index/candidate-pool.js';
import { ItemFieldLists } from './index/item-field-lists.js';
import type { MatchInput } from './match-input.js';
import { compileQueryProgram, evaluateProgram } from './query/query-program.js';
import type { Verdict } from './query/query-evaluator.js';
import { QueryError } from './query/query-error.js';
import { enclosingDomains, QueryItem, type LanguageDetector } from './query/query-item.js';
import { parseQuery } from './query/query-parser.js';
import { hasTitleScope, type QueryNode, type Scope } from './query/query-tree.js';
import { queryTermKeys } from './query/query-term-keys.js';
import {
  compileKeyword,
  compileShape,
  type CompileContext,
  type CompiledKeyword,
} from './rules/compile-keyword.js';
import { queryAnchors, type QueryAnchor } from './rules/query-anchors.js';
import { FieldScanner } from './text/field-scanner.js';
import {
  QueryKeyword,
  TRACKS_COMMENTS,
  TRACKS_POSTS,
  type IndexedKeyword,
} from './index/indexed-keyword.js';
import type { KeywordDefinition } from './keyword-definition.js';
import { compileFilter, FilterTarget, type KeywordFilter } from './rules/keyword-filter.js';
import { KeywordIndex } from './index/keyword-index.js';
import type { MatchRule } from './rules/match-rule.js';
import type { ScannedField } from './text/scanned-field.js';
import type { Term } from './index/term.js';
import { HAS_PER_FIELD, HAS_POSITIONAL } from './index/term-table.js';
import { TokenTable } from './index/token-table.js';

/** Shared by every keyword that holds nothing of a kind (most hold no exclusion or name). */
const NOTHING: readonly never[] = Object.freeze([]);

/** An exact-size copy of what a keyword acquired, to be kept with it. */
function kept<T>(acquired: readonly T[]): readonly T[] {
  return acquired.length === 0 ? NOTHING : acquired.slice();
}

function tracksOf({ trackPosts, trackComments }: KeywordDefinition): number {
  return (trackPosts ? TRACKS_POSTS : 0) | (trackComments ? TRACKS_COMMENTS : 0);
}

/** Item stamps wrap around before overflowing the Int32Array nodes that hold them. */
const MAX_STAMP = 0x7fffffff;

export type { MatchInput } from './match-input.js';

/** The scanner slot of a comment's parent post title, apart from the item's own fields. */
const PARENT_TITLE_SLOT = 2;

export interface KeywordMatcherOptions {
  /** Asked for an item's language when a query candidate reaches a `lang:` clause; none: null. */
  detectLanguage?: LanguageDetector;
}

/** A keyword in the index: one filed under one anchor, or a query (maybe under several). */
type Placed = IndexedKeyword | QueryKeyword;

/** The query tree of a definition, or null for a keyword without one. */
function queryTreeOf({ query }: KeywordDefinition): QueryNode | null {
  return query === undefined || query === null ? null : parseQuery(query);
}

/** The specialised rule and placement of a definition, or null when only the evaluator fits. */
function compileDefinition(
  definition: KeywordDefinition,
  tree: QueryNode | null,
  context: CompileContext,
): CompiledKeyword | null {
  return tree === null
    ? compileKeyword(definition.text, definition.mode, context)
    : compileShape(tree, context);
}

/**
 * In-memory keyword matching (docs/matching.md): each keyword is filed under one anchor term (a
 * query maybe under several, or under an item field), a field is tokenised once, and only
 * keywords whose anchor occurs in it are verified.
 */
export class KeywordMatcher {
  /** By id, for replacing and removing: every keyword but those still in `unmapped`. */
  private readonly keywords = new Map<string, Placed>();
  /**
   * Keywords added by `add` and not yet in `keywords`: a cold load files 100,000 keywords that
   * are only looked up by id once one of them changes, and filling the map cost ~7% of the load.
   */
  private readonly unmapped: Placed[] = [];
  private readonly index = new KeywordIndex();
  private readonly itemFieldLists = new ItemFieldLists();
  /** The queries left to the evaluator, and how many of them read a comment's parent title. */
  private readonly queries = new Set<QueryKeyword>();
  private parentTitleReaders = 0;
  private readonly item: QueryItem;
  /** Where the matches pending their counts go for the item being matched. */
  private pending: KeywordDefinition[] = [];
  /** `pending` when the caller wants none (reused, emptied per item). */
  private readonly unwantedPending: KeywordDefinition[] = [];
  private readonly scanner = new FieldScanner(
    new TokenTable(this.index.terms),
    this.index.terms,
    this.index.pairs,
  );
  /** Candidates reached by matching so far (a benchmark figure: the work beyond tokenising). */
  candidatesVerified = 0;
  private itemStamp = 0;
  private matchingType = 0;
  /** While matching a comment's parent title: only query placements are candidates there. */
  private queriesOnly = false;
  /**
   * Query placements not to verify in the field being matched: those whose anchor counts only
   * in a body while matching a title (a post's, a comment's parent post's), and the reverse.
   */
  private skippedScope = 0;
  /** The scanned fields of the item being matched, and the item as keyword filters read it. */
  private readonly fields: ScannedField[] = [];
  /** The same by index in the input's fields, null for an empty one (for the query item). */
  private readonly scannedByInput: (ScannedField | null)[] = [];
  private readonly target = new FilterTarget(this.index.names, this.fields);

  constructor(keywords: Iterable<KeywordDefinition> = [], options: KeywordMatcherOptions = {}) {
    this.item = new QueryItem(options.detectLanguage);
    for (const keyword of keywords) this.upsert(keyword);
  }

  get size(): number {
    return this.keywords.size + this.unmapped.length;
  }

  /** What the keyword being compiled acquires, to be released with it (reused for each one). */
  private readonly acquiredTerms: Term[] = [];
  private readonly acquiredExclusionTerms: Term[] = [];
  private readonly acquiredNames: string[] = [];
  private readonly compileContext: CompileContext = {
    buildsRules: false,
    chooseAnchor: (options) => chooseAnchor(options, this.keywordsSharing),
    acquireTerm: (kind, key) => {
      const term = this.index.terms.acquire(kind, key);
      this.acquiredTerms.push(term);
      return term;
    },
    holdTerm: (term) => {
      this.index.terms.hold(term);
      this.acquiredTerms.push(term);
      return term;
    },
    acquireExclusionTerm: (token) => {
      const term = this.index.terms.acquire('token', token, false);
      this.acquiredExclusionTerms.push(term);
      return term;
    },
    acquireName: (name) => {
      this.acquiredNames.push(name);
      return this.index.names.acquire(name);
    },
  };

  private ruleAnchorOffset = 0;
  /** Builds a placed keyword's rule: it holds every term of it, so they are looked up, not acquired. */
  private readonly ruleContext: CompileContext = {
    buildsRules: true,
    chooseAnchor: (options) => {
      const placedUnder = options.find((anchor) => anchor.tokenOffset === this.ruleAnchorOffset);
      if (placedUnder === undefined)
        throw new Error(`a keyword's rule needs the anchor it is under`);
      return placedUnder;
    },
    acquireTerm: (kind, key) => {
      const term = this.index.terms.find(kind, key);
      if (term === undefined) throw new Error(`a keyword's rule needs a term it does not hold`);
      return term;
    },
    holdTerm: (term) => term,
    acquireExclusionTerm: () => {
      throw new Error('a rule holds no exclusion phrase');
    },
    acquireName: () => {
      throw new Error('a rule holds no name');
    },
  };

  /**
   * The keyword's rule, built on its first verification: most keywords are never verified, as
   * their anchor never occurs or their required term never comes with it, so placing them in the
   * index builds no rule objects.
   */
  private ruleOf(keyword: IndexedKeyword): MatchRule {
    if (keyword.rule === null) {
      this.ruleAnchorOffset = keyword.anchorOffset;
      const { definition } = keyword;
      const tree = queryTreeOf(definition);
      keyword.rule = (
        compileDefinition(definition, tree, this.ruleContext) as CompiledKeyword
      ).rule;
    }
    return keyword.rule as MatchRule;
  }

  upsert(definition: KeywordDefinition): void {
    this.remove(definition.id);
    this.byId().set(definition.id, this.place(definition));
  }

  /**
   * Files a keyword the caller knows is not in the index (each row of a table scan once): no
   * look-up by id until one is needed.
   */
  add(definition: KeywordDefinition): void {
    this.unmapped.push(this.place(definition));
  }

  private byId(): Map<string, Placed> {
    for (const keyword of this.unmapped) this.keywords.set(keyword.definition.id, keyword);
    this.unmapped.length = 0;
    return this.keywords;
  }

  /**
   * Files a keyword: a tree of a shape with a specialised rule under one anchor, any other query
   * under the anchors of its positive terms. A query without any is refused (a QueryError).
   */
  private place(definition: KeywordDefinition): Placed {
    this.acquiredTerms.length = 0;
    this.acquiredExclusionTerms.length = 0;
    this.acquiredNames.length = 0;
    const tree = queryTreeOf(definition);
    const compiled = compileDefinition(definition, tree, this.compileContext);
    if (compiled === null) return this.placeQuery(definition, tree as QueryNode);
    const { rule, perField, anchorOffset, anchorTerm, nextTerm, requiredTermId } = compiled;
    const filter = compileFilter(definition.filters, this.compileContext);
    const keyword: IndexedKeyword = {
      definition,
      rule,
      perField,
      anchorOffset,
      filter,
      tracks: tracksOf(definition),
      anchorTerm,
      nextTerm,
      requiredTermId,
      terms: kept(this.acquiredTerms),
      exclusionTerms: kept(this.acquiredExclusionTerms),
      names: kept(this.acquiredNames),
      node: 0,
      query: null,
      symbolPhrase: null,
      scope: null,
    };
    this.index.add(keyword);
    return keyword;
  }

  private placeQuery(definition: KeywordDefinition, tree: QueryNode): QueryKeyword {
    const anchors = queryAnchors(tree, this.anchorSharing);
    if (anchors === null) {
      throw new QueryError(
        1,
        'a word, phrase, prefix, literal, sub:, author: or site: outside NOT',
      );
    }
    const filter = compileFilter(definition.filters, this.compileContext);
    const query = new QueryKeyword(
      definition,
      tree,
      filter,
      tracksOf(definition),
      hasTitleScope(tree),
    );
    const { words, prefixes } = queryTermKeys(tree);
    for (const word of words) this.compileContext.acquireTerm('token', word);
    for (const prefix of prefixes) this.compileContext.acquireTerm('prefix', prefix);
    // Compiled before its placements, whose nodes hold where its program is.
    const program = compileQueryProgram(tree, this.index.terms, this.compileContext.acquireName);
    query.programStart = this.index.programs.add(program);
    for (const anchor of anchors) {
      if (anchor.kind === 'term') {
        const { kind, key: termKey, nextKey } = anchor.anchor;
        const anchorTerm = this.compileContext.acquireTerm(kind, termKey);
        const nextTerm =
          nextKey === null ? null : this.compileContext.acquireTerm('token', nextKey);
        this.addPlacement(query, filter, anchorTerm, nextTerm, null, anchor.scope);
      } else if (anchor.kind === 'text') {
        this.addPlacement(query, filter, null, null, anchor.text, anchor.scope);
      } else {
        this.itemFieldLists.add(anchor, query);
        query.itemFieldAnchors.push(anchor);
      }
    }
    query.terms = kept(this.acquiredTerms);
    query.exclusionTerms = kept(this.acquiredExclusionTerms);
    query.names = kept(this.acquiredNames);
    this.queries.add(query);
    if (query.readsParentTitle) this.parentTitleReaders++;
    return query;
  }

  private addPlacement(
    query: QueryKeyword,
    filter: KeywordFilter | null,
    anchorTerm: Term | null,
    nextTerm: Term | null,
    symbolPhrase: string | null,
    scope: Scope | null,
  ): void {
    const placement: IndexedKeyword = {
      definition: query.definition,
      rule: null,
      perField: nextTerm === null,
      anchorOffset: 0,
      filter,
      tracks: query.tracks,
      anchorTerm,
      nextTerm,
      requiredTermId: 0,
      terms: NOTHING,
      exclusionTerms: NOTHING,
      names: NOTHING,
      node: 0,
      query,
      symbolPhrase,
      scope,
    };
    this.index.add(placement);
    query.placements.push(placement);
  }

  private readonly anchorSharing = (anchor: QueryAnchor): number => {
    switch (anchor.kind) {
      case 'term':
        return this.keywordsSharing(anchor.anchor);
      case 'text':
        return 0;
      case 'sub':
      case 'author':
      case 'site':
        return this.itemFieldLists.count(anchor);
    }
  };

  /**
   * Keywords already filed under the anchor (for a token alone: all keywords using it, their
   * exclusion phrases aside, which are never looked for at an anchor).
   */
  private readonly keywordsSharing = ({ kind, key, nextKey }: Anchor): number => {
    const term = this.index.terms.find(kind, key);
    if (term === undefined) return 0;
    if (nextKey === null) return term.notedUsers;
    const next = this.index.terms.find('token', nextKey);
    return next === undefined ? 0 : this.index.keywordsFiledUnder(term, next);
  };

  remove(keywordId: string): void {
    const keywords = this.byId();
    const keyword = keywords.get(keywordId);
    if (keyword === undefined) return;
    if (keyword instanceof QueryKeyword) this.removeQuery(keyword);
    else this.index.remove(keyword);
    keywords.delete(keywordId);
  }

  private removeQuery(query: QueryKeyword): void {
    for (const placement of query.placements) this.index.remove(placement);
    for (const anchor of query.itemFieldAnchors) this.itemFieldLists.remove(anchor, query);
    this.index.programs.remove(query.programStart);
    this.index.release(query);
    this.queries.delete(query);
    if (query.readsParentTitle) this.parentTitleReaders--;
  }

  /**
   * The matching keywords, each once however often it occurs, less those their filters refuse.
   * Every field is scanned first, so a filter sees the whole item whichever field matched.
   * Queries that hold but for their `score:` or `comments:` clauses (filters admitting the
   * item) go to `pending` when it is given: the item is to be looked at again later.
   */
  match(input: MatchInput, pending?: KeywordDefinition[]): KeywordDefinition[] {
    const matched: KeywordDefinition[] = [];
    this.nextItemStamp();
    this.matchingType = input.type === 'post' ? TRACKS_POSTS : TRACKS_COMMENTS;
    this.target.reset(input.subreddit, input.author);
    this.unwantedPending.length = 0;
    this.pending = pending ?? this.unwantedPending;
    const { fields, scannedByInput } = this;
    fields.length = 0;
    scannedByInput.length = 0;
    for (const text of input.fields) {
      const field = text.length > 0 ? this.scanner.scan(text, fields.length) : null;
      if (field !== null) fields.push(field);
      scannedByInput.push(field);
    }
    this.item.reset(input, scannedByInput, this.index.terms);
    for (let index = 0; index < fields.length; index++) this.readAhead(fields[index]);
    for (let index = 0; index < scannedByInput.length; index++) {
      const field = scannedByInput[index];
      if (field === null) continue;
      this.skippedScope = input.type === 'post' && index === 0 ? BODY_ONLY : TITLE_ONLY;
      this.matchField(field, matched);
    }
    if (this.queries.size > 0) this.matchQueriesOnly(input, matched);
    return matched;
  }

  /**
   * What only queries are found by: a comment's parent post title (for their `title:`), and the
   * item's subreddit, author and domains.
   */
  private matchQueriesOnly(input: MatchInput, matched: KeywordDefinition[]): void {
    if (this.parentTitleReaders > 0 && input.type === 'comment' && input.parentTitle) {
      this.queriesOnly = true;
      this.skippedScope = BODY_ONLY;
      this.matchField(this.scanner.scan(input.parentTitle, PARENT_TITLE_SLOT), matched);
      this.queriesOnly = false;
    }
    const lists = this.itemFieldLists;
    if (lists.has('sub') && lists.mayBeFiledUnder('sub', input.subreddit)) {
      this.verifyAll(lists.under('sub', this.item.subreddit()), matched);
    }
    if (lists.has('author') && lists.mayBeFiledUnder('author', input.author)) {
      this.verifyAll(lists.under('author', this.item.author()), matched);
    }
    if (!lists.has('site')) return;
    for (const host of this.item.domains()) {
      for (const domain of enclosingDomains(host)) {
        this.verifyAll(lists.under('site', domain), matched);
      }
    }
  }

  private verifyAll(
    queries: readonly QueryKeyword[] | undefined,
    matched: KeywordDefinition[],
  ): void {
    if (queries === undefined) return;
    for (const query of queries) {
      this.candidatesVerified++;
      if ((query.tracks & this.matchingType) === 0) continue;
      const verdict = this.verdictOf(query.programStart);
      if (verdict !== null) this.list(verdict, query.filter, query.definition, matched);
    }
  }

  /**
   * Whether the query whose program starts there matches the whole item or is pending; null when
   * it does not, or when it was already evaluated for this item (through another of its anchors).
   */
  private verdictOf(programStart: number): Exclude<Verdict, 'no'> | null {
    const { programs } = this.index;
    if (!programs.claim(programStart, this.itemStamp)) return null;
    const verdict = evaluateProgram(
      programs,
      programStart,
      this.item,
      this.scannedByInput,
      this.target,
    );
    return verdict === 'no' ? null : verdict;
  }

  /** Lists a query that matches or is pending, unless its filters refuse the item. */
  private list(
    verdict: Exclude<Verdict, 'no'>,
    filter: KeywordFilter | null,
    definition: KeywordDefinition,
    matched: KeywordDefinition[],
  ): void {
    if (filter !== null && !filter.admits(this.target)) return;
    (verdict === 'match' ? matched : this.pending).push(definition);
  }

  private nextItemStamp(): void {
    if (this.itemStamp === MAX_STAMP) {
      this.index.pool.clearMatchedStamps();
      for (const query of this.queries) this.index.programs.clearStamp(query.programStart);
      this.itemStamp = 0;
    }
    this.itemStamp++;
  }

  /** What `readAhead` read, kept so that its reads are not optimised away. */
  private readAheadSum = 0;

  /**
   * Reads, for every anchor of the item's fields, its candidates' nodes and, for a query, the
   * head of its program and its definition's slot, in one short loop before any is verified:
   * these reads are cache misses independent of one another, so the processor overlaps them,
   * where verifying candidate by candidate waits for each in turn. Alternated with the matcher
   * without it, the synthetic stream's queries took 3–4% less time, real text's about the same.
   */
  private readAhead(field: ScannedField): void {
    const { terms, perFieldHeads, positionalHeads, pool, programs } = this.index;
    const { code } = programs;
    let sum = 0;
    for (let index = 0; index < field.anchorCount; index++) {
      const termId = field.anchorIds[index];
      const kinds = terms.candidateKinds[termId];
      let node = (kinds & HAS_PER_FIELD) !== 0 ? perFieldHeads[termId] : positionalHeads[termId];
      for (; node !== 0; node = pool.next(node)) {
        if ((pool.flags(node) & IS_QUERY) === 0) continue;
        sum += code[pool.programStart(node)];
        if (pool.definition(node) === undefined) sum++;
      }
    }
    this.readAheadSum = sum;
  }

  private matchField(field: ScannedField, matched: KeywordDefinition[]): void {
    const { terms, perFieldHeads, positionalHeads, followedBy } = this.index;
    for (let index = 0; index < field.anchorCount; index++) {
      const termId = field.anchorIds[index];
      const kinds = terms.candidateKinds[termId];
      if ((kinds & HAS_PER_FIELD) !== 0) this.verify(perFieldHeads[termId], field, -1, matched);
      if ((kinds & HAS_POSITIONAL) === 0) continue;
      for (
        let position = field.lastPosition(termId);
        position >= 0;
        position = field.previousPosition(position)
      ) {
        this.verify(positionalHeads[termId], field, position, matched);
      }
    }
    for (let index = 0; index < field.pairCount; index++) {
      const position = field.pairStarts[index];
      const followers = followedBy[field.tokenIds[position]]?.get(field.tokenIds[position + 1]);
      if (followers !== undefined) this.verify(followers, field, position, matched);
    }
    const { symbolPhrases } = this.index;
    if (!symbolPhrases.isEmpty) {
      symbolPhrases.forEachListIn(field.text, (head) => this.verify(head, field, -1, matched));
    }
  }

  private verify(
    head: number,
    field: ScannedField,
    position: number,
    matched: KeywordDefinition[],
  ): void {
    const { pool } = this.index;
    const stamp = this.itemStamp;
    for (let node = head; node !== 0; node = pool.next(node)) {
      const flags = pool.flags(node);
      if ((flags & this.skippedScope) !== 0) continue;
      this.candidatesVerified++;
      const required = pool.requiredTermId(node);
      if (required !== 0 && !field.occursIn(required)) continue;
      if ((flags & IS_QUERY) !== 0) {
        if ((flags & this.matchingType) === 0) continue;
        const verdict = this.verdictOf(pool.programStart(node));
        if (verdict === null) continue;
        const filter = (flags & HAS_FILTER) !== 0 ? pool.filter(node) : null;
        this.list(verdict, filter, pool.definition(node), matched);
        continue;
      }
      if (this.queriesOnly) continue;
      if ((flags & this.matchingType) === 0 || pool.matchedStamp(node) === stamp) continue;
      if (
        (flags & MATCHES_ON_ANCHOR) === 0 &&
        !this.ruleOf(pool.keyword(node)).matches(field, position)
      ) {
        continue;
      }
      pool.markMatched(node, stamp);
      if ((flags & HAS_FILTER) !== 0 && !pool.filter(node).admits(this.target)) continue;
      matched.push(pool.definition(node));
    }
  }
}
