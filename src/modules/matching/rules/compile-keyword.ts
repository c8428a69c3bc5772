import { stemmer } from 'stemmer';

import { chooseAnchor, tokenAnchor, type Anchor } from '../index/anchor.js';
import { BroadRule } from './broad-rule.js';
import { tokenRarity } from '../text/common-words.js';
import { ExactRule } from './exact-rule.js';
import type { KeywordMode } from '../keyword-definition.js';
import type { MatchRule } from './match-rule.js';
import { isBareToken, parsePhrase, type ParsedPhrase } from '../text/phrase.js';
import type { PhrasePattern } from './phrase-pattern.js';
import { PhraseSearchRule } from './phrase-search-rule.js';
import { PRESENCE_RULE } from './presence-rule.js';
import { ProximityRule } from './proximity-rule.js';
import type { Term, TermKind } from '../index/term.js';
import { foldCase } from '../text/text-normalization.js';
import { keywordQuery } from '../query/keyword-query.js';
import { isBareWord } from '../query/query-terms.js';
import type { PhraseTerm, QueryNode, TextTerm, WithinNode, WordTerm } from '../query/query-tree.js';

/**
 * What compiling a keyword works with. Placing it in the index acquires its terms but builds no
 * rule (`buildsRules` false: most keywords are never verified, docs/matching.md); building it
 * later looks up the same terms, which the keyword holds, and the anchor it was placed under.
 */
export interface CompileContext {
  /** Whether to build the keyword's rule now; without it, `CompiledKeyword.rule` may be null. */
  readonly buildsRules: boolean;
  /** The anchor to file a keyword under, by rarity and the keywords already filed under each. */
  chooseAnchor(options: readonly Anchor[]): Anchor;
  /** The shared term for a token or stem; the caller releases it with the keyword. */
  acquireTerm(kind: TermKind, key: string): Term;
  /** One more hold of a term the keyword being compiled already acquired (no look-up). */
  holdTerm(term: Term): Term;
  /** The shared term for a token of an exclusion phrase (TermTable: not noted by the scanner). */
  acquireExclusionTerm(token: string): Term;
  /** The id of a lower-cased subreddit or author name (NameTable); released with the keyword. */
  acquireName(name: string): number;
}

/** A keyword's rule and where to file it (anchorTerm null: no letter or digit at all). */
export interface CompiledKeyword {
  /** Null when the context builds no rules and the rule has anything to build. */
  readonly rule: MatchRule | null;
  /** The rule's `perField`, known whether or not the rule was built. */
  readonly perField: boolean;
  /** Where in an exact phrase its anchor (pair) starts, which its rule verifies from; else 0. */
  readonly anchorOffset: number;
  readonly anchorTerm: Term | null;
  readonly nextTerm: Term | null;
  /** Id of a second term the keyword cannot match without (0: none). */
  readonly requiredTermId: number;
}

/**
 * One whitespace-separated word of a keyword as proximity and broad matching read it, with the
 * anchors it offers: keyword sets repeat their words, so each is worked out once and shared by
 * every keyword compiled (docs/matching.md). Cleared when full.
 */
interface KeywordWord {
  readonly text: string;
  readonly phrase: ParsedPhrase;
  readonly bare: boolean;
  readonly tokenAnchors: readonly Anchor[];
  /** A bare word's anchor on its English stem (broad mode); worked out on first use. */
  stemAnchor: Anchor | null;
  /**
   * A bare word's pattern, shared by the keywords holding it, with the term it was made for: a
   * term dropped and made again may take another id, so the pattern is only reused for its term.
   */
  barePattern: { readonly term: Term; readonly pattern: PhrasePattern } | null;
}

const MAX_CACHED_WORDS = 100_000;
const keywordWords = new Map<string, KeywordWord>();

function keywordWord(text: string): KeywordWord {
  let word = keywordWords.get(text);
  if (word === undefined) {
    if (keywordWords.size >= MAX_CACHED_WORDS) keywordWords.clear();
    const phrase = parsePhrase(text);
    word = {
      text,
      phrase,
      bare: isBareToken(phrase),
      tokenAnchors: tokenAnchors(phrase),
      stemAnchor: null,
      barePattern: null,
    };
    keywordWords.set(text, word);
  }
  return word;
}

function stemAnchorOf(word: KeywordWord): Anchor {
  if (word.stemAnchor === null) {
    const token = word.phrase.tokens[0];
    word.stemAnchor = {
      kind: 'stem',
      key: stemmer(token),
      nextKey: null,
      tokenOffset: 0,
      rarity: tokenRarity(token),
    };
  }
  return word.stemAnchor;
}

/** Whitespace other than single spaces between words (stored keywords rarely hold any). */
const IRREGULAR_WHITESPACE = /[^\S ]| {2}|^ | $/;

/** Folded, whitespace runs collapsed to single spaces: the form phrases are parsed from. */
function foldedPhrase(text: string): string {
  const folded = foldCase(text);
  return IRREGULAR_WHITESPACE.test(folded) ? folded.replace(/\s+/g, ' ').trim() : folded;
}

/** A keyword without a query: its mode's tree (keywordQuery), compiled as a query would be. */
export function compileKeyword(
  text: string,
  mode: KeywordMode,
  context: CompileContext,
): CompiledKeyword {
  const compiled = compileShape(keywordQuery(text, mode), context);
  if (compiled === null) throw new Error(`the tree of a ${mode} keyword has no rule`);
  return compiled;
}

/**
 * The specialised rule of a tree of one of the shapes keywords make, or null for any other
 * tree (the query evaluator's): a word is its presence, a phrase an ExactRule, a literal of
 * symbols alone a PhraseSearchRule, two terms NEAR each other or terms within a window a
 * ProximityRule, terms within one field a BroadRule, a stem the presence of its stem.
 */
export function compileShape(node: QueryNode, context: CompileContext): CompiledKeyword | null {
  switch (node.kind) {
    case 'word':
      return presenceOf(tokenAnchor(node.text, null, 0), context);
    case 'stem':
      return presenceOf(stemAnchorOf(keywordWord(node.text)), context);
    case 'phrase':
      return compileExact(node.text, context);
    case 'literal':
      return isSymbolPhrase(node.text) ? compileExact(node.text, context) : null;
    case 'near': {
      const { left, right } = node;
      if (node.ordered || !isPlainTerm(left) || !isPlainTerm(right) || left.text === right.text) {
        return null;
      }
      const window = tokenCount(left.text) + tokenCount(right.text) + node.distance;
      return compileProximity([left.text, right.text], window, context);
    }
    case 'within':
      return compileWithin(node, context);
    case 'prefix':
    case 'caseSensitive':
    case 'and':
    case 'or':
    case 'not':
    case 'scope':
    case 'sub':
    case 'author':
    case 'flair':
    case 'site':
    case 'type':
    case 'self':
    case 'nsfw':
    case 'lang':
    case 'score':
    case 'comments':
      return null;
  }
}

function compileWithin(node: WithinNode, context: CompileContext): CompiledKeyword | null {
  const texts = node.operands.map((operand) => operand.text);
  if (new Set(texts).size < texts.length) return null;
  if (node.window !== null) {
    return node.operands.every(isPlainTerm) ? compileProximity(texts, node.window, context) : null;
  }
  const broadShaped = node.operands.every(
    (operand) => (operand.kind === 'stem' && isBareWord(operand.text)) || isSymbolWord(operand),
  );
  return broadShaped ? compileBroad(texts, context) : null;
}

/** A word, or a phrase with a letter or digit: what proximity matching compares. */
function isPlainTerm(node: QueryNode): node is WordTerm | PhraseTerm {
  return (node.kind === 'word' || node.kind === 'phrase') && tokenCount(node.text) > 0;
}

/** A word with symbols and no space, which broad matching takes as written. */
function isSymbolWord(node: TextTerm): boolean {
  return node.kind === 'phrase' && !node.text.includes(' ') && !isBareWord(node.text);
}

/** Symbols alone, without space around them, as `exact` keywords without a word are. */
function isSymbolPhrase(text: string): boolean {
  return tokenCount(text) === 0 && text.trim() === text && text !== '';
}

function tokenCount(text: string): number {
  return parsePhrase(text).tokens.length;
}

/**
 * An exclusion phrase as an exact pattern over the same tokens and separators as an `exact`
 * keyword, so it has the same word boundaries; null for a phrase without a letter or digit,
 * which the keyword rules refuse.
 */
export function compileExclusion(text: string, context: CompileContext): PhrasePattern | null {
  const phrase = parsePhrase(foldedPhrase(text));
  if (phrase.tokens.length === 0) return null;
  const termIds = phrase.tokens.map((token) => context.acquireExclusionTerm(token).id);
  return patternOf(phrase, termIds);
}

function compileExact(folded: string, context: CompileContext): CompiledKeyword {
  const phrase = parsePhrase(folded);
  if (phrase.tokens.length === 0) {
    const rule = new PhraseSearchRule(folded);
    return { rule, perField: rule.perField, anchorOffset: 0, ...UNANCHORED };
  }
  if (isBareToken(phrase)) return presenceOf(tokenAnchor(phrase.tokens[0], null, 0), context);
  const anchor = context.chooseAnchor(phraseAnchors(phrase));
  const termIds = phrase.tokens.map((token) => context.acquireTerm('token', token).id);
  const rule = context.buildsRules ? new ExactRule(phrase, termIds, anchor.tokenOffset) : null;
  return placed(rule, ExactRule.perField, anchor, context);
}

const UNANCHORED = { anchorTerm: null, nextTerm: null, requiredTermId: 0 } as const;

/** Each word (distinct, with a letter or digit) within `window` tokens of the field. */
function compileProximity(
  texts: readonly string[],
  window: number,
  context: CompileContext,
): CompiledKeyword {
  const patterns: PhrasePattern[] = [];
  const options = new AnchorOptions();
  for (const text of texts) {
    const pattern = options.addWord(keywordWord(text), context);
    if (pattern !== null) patterns.push(pattern);
  }
  const rule = context.buildsRules ? new ProximityRule(patterns, window) : null;
  return options.place(rule, ProximityRule.perField, context);
}

/** Each word (distinct: bare words by stem, words with symbols as written) in the field. */
function compileBroad(texts: readonly string[], context: CompileContext): CompiledKeyword {
  const words = texts.map(keywordWord);
  const options = new AnchorOptions();
  /** Each distinct stem once: "tracking tracked" holds one stem term, offered twice. */
  const stemTerms: Term[] = [];
  for (const word of words) {
    if (!word.bare) continue;
    const anchor = stemAnchorOf(word);
    let term = stemTerms.find((held) => held.key === anchor.key);
    if (term === undefined) {
      term = context.acquireTerm('stem', anchor.key);
      stemTerms.push(term);
    }
    options.add(anchor, term);
  }
  const symbolWords: PhrasePattern[] = [];
  for (const word of words) {
    if (word.bare) continue;
    const pattern = options.addWord(word, context);
    if (pattern !== null) symbolWords.push(pattern);
  }
  const rule = context.buildsRules
    ? new BroadRule(
        stemTerms.map((term) => term.id),
        symbolWords,
      )
    : null;
  return options.place(rule, BroadRule.perField, context);
}

function presenceOf(anchor: Anchor, context: CompileContext): CompiledKeyword {
  return placed(PRESENCE_RULE, PRESENCE_RULE.perField, anchor, context);
}

/** The rule filed under the anchor's terms, with no other term checked first. */
function placed(
  rule: MatchRule | null,
  perField: boolean,
  anchor: Anchor,
  context: CompileContext,
): CompiledKeyword {
  return {
    rule,
    perField,
    anchorOffset: anchor.tokenOffset,
    anchorTerm: context.acquireTerm(anchor.kind, anchor.key),
    nextTerm: anchor.nextKey === null ? null : context.acquireTerm('token', anchor.nextKey),
    requiredTermId: 0,
  };
}

/**
 * The single-term anchors a proximity or broad keyword may be filed under, each with the term
 * the keyword's rule already acquired for it: choosing and placing reuse those terms instead of
 * looking them up again.
 */
class AnchorOptions {
  private readonly anchors: Anchor[] = [];
  private readonly terms: Term[] = [];

  add(anchor: Anchor, term: Term): void {
    this.anchors.push(anchor);
    this.terms.push(term);
  }

  addWord(word: KeywordWord, context: CompileContext): PhrasePattern | null {
    const first = this.terms.length;
    const { tokens } = word.phrase;
    for (let offset = 0; offset < tokens.length; offset++) {
      this.add(word.tokenAnchors[offset], context.acquireTerm('token', tokens[offset]));
    }
    return context.buildsRules ? wordPattern(word, this.terms, first) : null;
  }

  /**
   * The rule filed under the best anchor (chooseAnchor: rarity against the keywords already using
   * its term), with the rarest of the other terms a match needs checked before it is verified.
   */
  place(rule: MatchRule | null, perField: boolean, context: CompileContext): CompiledKeyword {
    const { anchors, terms } = this;
    const anchor = chooseAnchor(anchors, (_, index) => terms[index].notedUsers);
    let anchorTerm: Term | null = null;
    let required = -1;
    for (let index = 0; index < anchors.length; index++) {
      const option = anchors[index];
      if (option.kind === anchor.kind && option.key === anchor.key) {
        anchorTerm ??= terms[index];
      } else if (required < 0 || option.rarity > anchors[required].rarity) {
        required = index;
      }
    }
    return {
      rule,
      perField,
      anchorOffset: 0,
      anchorTerm: context.holdTerm(anchorTerm as Term),
      nextTerm: null,
      requiredTermId: required < 0 ? 0 : context.holdTerm(terms[required]).id,
    };
  }
}

/**
 * A word's pattern for the keyword's rule, over the terms acquired for its tokens (from `first`
 * on); a bare word's is shared while its term lives.
 */
function wordPattern(word: KeywordWord, terms: readonly Term[], first: number): PhrasePattern {
  if (!word.bare) {
    const termIds = terms.slice(first).map((term) => term.id);
    return patternOf(word.phrase, termIds);
  }
  const term = terms[first];
  if (word.barePattern?.term !== term) {
    word.barePattern = { term, pattern: patternOf(word.phrase, [term.id]) };
  }
  return word.barePattern.pattern;
}

function patternOf(phrase: ParsedPhrase, termIds: readonly number[]): PhrasePattern {
  return {
    termIds,
    gaps: phrase.gaps,
    prefix: phrase.prefix,
    suffix: phrase.suffix,
    bare: isBareToken(phrase),
  };
}

function tokenAnchors(phrase: ParsedPhrase): Anchor[] {
  return phrase.tokens.map((token, tokenOffset) => tokenAnchor(token, null, tokenOffset));
}

function phraseAnchors(phrase: ParsedPhrase): Anchor[] {
  const { tokens } = phrase;
  if (tokens.length === 1) return tokenAnchors(phrase);
  const anchors: Anchor[] = [];
  for (let offset = 0; offset + 1 < tokens.length; offset++) {
    anchors.push(tokenAnchor(tokens[offset], tokens[offset + 1], offset));
  }
  return anchors;
}
