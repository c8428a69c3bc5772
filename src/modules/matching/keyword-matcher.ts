import { chooseAnchor, type Anchor } from './index/anchor.js';
import { HAS_FILTER, MATCHES_ON_ANCHOR } from './index/candidate-pool.js';
import { compileKeyword, type CompileContext } from './rules/compile-keyword.js';
import { FieldScanner } from './text/field-scanner.js';
import { TRACKS_COMMENTS, TRACKS_POSTS, type IndexedKeyword } from './index/indexed-keyword.js';
import type { KeywordDefinition } from './keyword-definition.js';
import { compileFilter, FilterTarget } from './rules/keyword-filter.js';
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

/** Item stamps wrap around before overflowing the Int32Array nodes that hold them. */
const MAX_STAMP = 0x7fffffff;

/**
 * A post is matched on [title, selftext], a comment on [body]; each field on its own. Keyword
 * filters read the subreddit, the author and every field.
 */
export interface MatchInput {
  type: 'post' | 'comment';
  fields: readonly string[];
  subreddit: string;
  author: string;
}

/**
 * In-memory keyword matching (docs/matching.md): each keyword is filed under one anchor term, a
 * field is tokenised once, and only keywords whose anchor occurs in it are verified.
 */
export class KeywordMatcher {
  /** By id, for replacing and removing: every keyword but those still in `unmapped`. */
  private readonly keywords = new Map<string, IndexedKeyword>();
  /**
   * Keywords added by `add` and not yet in `keywords`: a cold load files 100,000 keywords that
   * are only looked up by id once one of them changes, and filling the map cost ~7% of the load.
   */
  private readonly unmapped: IndexedKeyword[] = [];
  private readonly index = new KeywordIndex();
  private readonly scanner = new FieldScanner(
    new TokenTable(this.index.terms),
    this.index.terms,
    this.index.pairs,
  );
  /** Candidates reached by matching so far (a benchmark figure: the work beyond tokenising). */
  candidatesVerified = 0;
  private itemStamp = 0;
  private matchingType = 0;
  /** The scanned fields of the item being matched, and the item as keyword filters read it. */
  private readonly fields: ScannedField[] = [];
  private readonly target = new FilterTarget(this.index.names, this.fields);

  constructor(keywords: Iterable<KeywordDefinition> = []) {
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
      const { text, mode } = keyword.definition;
      keyword.rule = compileKeyword(text, mode, this.ruleContext).rule;
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

  private byId(): Map<string, IndexedKeyword> {
    for (const keyword of this.unmapped) this.keywords.set(keyword.definition.id, keyword);
    this.unmapped.length = 0;
    return this.keywords;
  }

  private place(definition: KeywordDefinition): IndexedKeyword {
    this.acquiredTerms.length = 0;
    this.acquiredExclusionTerms.length = 0;
    this.acquiredNames.length = 0;
    const { rule, perField, anchorOffset, anchorTerm, nextTerm, requiredTermId } = compileKeyword(
      definition.text,
      definition.mode,
      this.compileContext,
    );
    const filter = compileFilter(definition.filters, this.compileContext);
    const keyword: IndexedKeyword = {
      definition,
      rule,
      perField,
      anchorOffset,
      filter,
      tracks:
        (definition.trackPosts ? TRACKS_POSTS : 0) |
        (definition.trackComments ? TRACKS_COMMENTS : 0),
      anchorTerm,
      nextTerm,
      requiredTermId,
      terms: kept(this.acquiredTerms),
      exclusionTerms: kept(this.acquiredExclusionTerms),
      names: kept(this.acquiredNames),
      node: 0,
    };
    this.index.add(keyword);
    return keyword;
  }

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
    this.index.remove(keyword);
    keywords.delete(keywordId);
  }

  /**
   * The matching keywords, each once however often it occurs, less those their filters refuse.
   * Every field is scanned first, so a filter sees the whole item whichever field matched.
   */
  match(input: MatchInput): KeywordDefinition[] {
    const matched: KeywordDefinition[] = [];
    this.nextItemStamp();
    this.matchingType = input.type === 'post' ? TRACKS_POSTS : TRACKS_COMMENTS;
    this.target.reset(input.subreddit, input.author);
    const { fields } = this;
    fields.length = 0;
    for (const text of input.fields) {
      if (text.length > 0) fields.push(this.scanner.scan(text, fields.length));
    }
    for (const field of fields) this.matchField(field, matched);
    return matched;
  }

  private nextItemStamp(): void {
    if (this.itemStamp === MAX_STAMP) {
      this.index.pool.clearMatchedStamps();
      this.itemStamp = 0;
    }
    this.itemStamp++;
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
      this.candidatesVerified++;
      const required = pool.requiredTermId(node);
      if (required !== 0 && !field.occursIn(required)) continue;
      const flags = pool.flags(node);
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
