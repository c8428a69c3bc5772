import { stemmer } from 'stemmer';

import { chooseAnchor, type Anchor } from './anchor.js';
import { BroadRule } from './broad-rule.js';
import { ExactRule } from './exact-rule.js';
import type { KeywordMode } from './keyword-definition.js';
import type { MatchRule } from './match-rule.js';
import { isBareToken, parsePhrase, type ParsedPhrase } from './phrase.js';
import type { PhrasePattern } from './phrase-pattern.js';
import { PhraseSearchRule } from './phrase-search-rule.js';
import { PRESENCE_RULE } from './presence-rule.js';
import { PROXIMITY_SLACK, ProximityRule } from './proximity-rule.js';
import type { Term, TermKind } from './term.js';
import { foldCase } from './text-normalization.js';

export interface CompileContext {
  chooseAnchor(options: readonly Anchor[]): Anchor;
  /** The shared term for a token or stem; the caller releases it with the keyword. */
  acquireTerm(kind: TermKind, key: string): Term;
  /** The shared term for a token of an exclusion phrase (TermTable: not noted by the scanner). */
  acquireExclusionTerm(token: string): Term;
  /** The id of a lower-cased subreddit or author name (NameTable); released with the keyword. */
  acquireName(name: string): number;
}

/** A keyword's rule and where to file it (anchorTerm null: no letter or digit at all). */
export interface CompiledKeyword {
  readonly rule: MatchRule;
  readonly anchorTerm: Term | null;
  readonly nextTerm: Term | null;
  /** Id of a second term the keyword cannot match without (0: none). */
  readonly requiredTermId: number;
}

/**
 * Parsed words and stems, shared by every keyword compiled: real keyword sets repeat their words
 * (a brand in many phrases), and parsing and stemming them was most of the cost of building an
 * index. Pure functions of the word, so sharing changes nothing; cleared when full.
 */
const MAX_CACHED_WORDS = 100_000;
const parsedWords = new Map<string, ParsedPhrase>();
const stemsOfTokens = new Map<string, string>();

function cached<T>(cache: Map<string, T>, key: string, compute: (key: string) => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= MAX_CACHED_WORDS) cache.clear();
    value = compute(key);
    cache.set(key, value);
  }
  return value;
}

/** Folded, whitespace runs collapsed to single spaces: the form phrases are parsed from. */
function foldedPhrase(text: string): string {
  return foldCase(text).replace(/\s+/g, ' ').trim();
}

export function compileKeyword(
  text: string,
  mode: KeywordMode,
  context: CompileContext,
): CompiledKeyword {
  const folded = foldedPhrase(text);
  switch (mode) {
    case 'exact':
      return compileExact(folded, context);
    case 'proximity':
      return compileProximity(folded, context);
    case 'broad':
      return compileBroad(folded, context);
  }
}

/**
 * An exclusion phrase as an exact pattern over the same tokens and separators as an `exact`
 * keyword, so it has the same word boundaries; null for a phrase without a letter or digit,
 * which the keyword rules refuse.
 */
export function compileExclusion(text: string, context: CompileContext): PhrasePattern | null {
  const phrase = parsePhrase(foldedPhrase(text));
  return phrase.tokens.length === 0 ? null : toPattern(phrase, context.acquireExclusionTerm);
}

function compileExact(folded: string, context: CompileContext): CompiledKeyword {
  const phrase = parsePhrase(folded);
  if (phrase.tokens.length === 0) {
    return {
      rule: new PhraseSearchRule(folded),
      anchorTerm: null,
      nextTerm: null,
      requiredTermId: 0,
    };
  }
  if (isBareToken(phrase)) return presenceOf(tokenAnchors(phrase)[0], context);
  const anchor = context.chooseAnchor(phraseAnchors(phrase));
  const rule = new ExactRule(toPattern(phrase, ruleTokens(context)), anchor.tokenOffset);
  return { rule, ...placement(anchor, [], context) };
}

function compileProximity(folded: string, context: CompileContext): CompiledKeyword {
  const allWords = folded.split(' ');
  const words = distinctWordsWithTokens(allWords);
  if (allWords.length === 1 || words.length === 0) return compileExact(folded, context);
  let tokenCount = 0;
  for (const word of allWords) tokenCount += cached(parsedWords, word, parsePhrase).tokens.length;
  const window = tokenCount + PROXIMITY_SLACK;
  const rule = new ProximityRule(
    words.map((word) => toPattern(word, ruleTokens(context))),
    window,
  );
  const options = words.flatMap(tokenAnchors);
  return { rule, ...placement(context.chooseAnchor(options), options, context) };
}

function compileBroad(folded: string, context: CompileContext): CompiledKeyword {
  const words = distinctWordsWithTokens(folded.split(' '));
  if (words.length === 0) return compileExact(folded, context);
  const stemAnchors = words.filter(isBareToken).map((word): Anchor => {
    const token = word.tokens[0];
    const key = cached(stemsOfTokens, token, stemmer);
    return { kind: 'stem', key, nextKey: null, token, tokenOffset: 0 };
  });
  if (words.length === 1 && stemAnchors.length === 1) return presenceOf(stemAnchors[0], context);
  const symbolWords = words.filter((word) => !isBareToken(word));
  const stems = [...new Set(stemAnchors.map((anchor) => anchor.key))];
  const rule = new BroadRule(
    stems.map((stem) => context.acquireTerm('stem', stem).id),
    symbolWords.map((word) => toPattern(word, ruleTokens(context))),
  );
  const options = [...stemAnchors, ...symbolWords.flatMap(tokenAnchors)];
  return { rule, ...placement(context.chooseAnchor(options), options, context) };
}

/** A keyword that is one bare word: its anchor occurring is the match. */
function presenceOf(anchor: Anchor, context: CompileContext): CompiledKeyword {
  return { rule: PRESENCE_RULE, ...placement(anchor, [], context) };
}

/**
 * The chosen anchor's terms and, among the other terms a match needs (`options`), the one
 * checked before the keyword is verified.
 */
function placement(
  anchor: Anchor,
  options: readonly Anchor[],
  context: CompileContext,
): Omit<CompiledKeyword, 'rule'> {
  const others = options.filter(({ kind, key }) => kind !== anchor.kind || key !== anchor.key);
  const required = others.length === 0 ? null : chooseAnchor(others, () => 0);
  return {
    anchorTerm: context.acquireTerm(anchor.kind, anchor.key),
    nextTerm: anchor.nextKey === null ? null : context.acquireTerm('token', anchor.nextKey),
    requiredTermId: required === null ? 0 : context.acquireTerm(required.kind, required.key).id,
  };
}

/**
 * The keyword's whitespace-separated words, each once. Words without a letter or digit
 * ("&" in "r & d") carry no position or stem and are left out of proximity and broad matching.
 */
function distinctWordsWithTokens(words: readonly string[]): ParsedPhrase[] {
  return [...new Set(words)]
    .map((word) => cached(parsedWords, word, parsePhrase))
    .filter((word) => word.tokens.length > 0);
}

/** How a keyword's own rule acquires the terms of its tokens. */
function ruleTokens(context: CompileContext): (token: string) => Term {
  return (token) => context.acquireTerm('token', token);
}

function toPattern(phrase: ParsedPhrase, acquireToken: (token: string) => Term): PhrasePattern {
  return {
    termIds: phrase.tokens.map((token) => acquireToken(token).id),
    gaps: phrase.gaps,
    prefix: phrase.prefix,
    suffix: phrase.suffix,
    bare: isBareToken(phrase),
  };
}

function tokenAnchors(phrase: ParsedPhrase): Anchor[] {
  return phrase.tokens.map((token, tokenOffset) => {
    return { kind: 'token', key: token, nextKey: null, token, tokenOffset };
  });
}

/** Each pair of adjacent tokens of a phrase, or its single token. */
function phraseAnchors(phrase: ParsedPhrase): Anchor[] {
  const { tokens } = phrase;
  if (tokens.length === 1) return tokenAnchors(phrase);
  return tokens.slice(0, -1).map((token, tokenOffset) => {
    const nextKey = tokens[tokenOffset + 1];
    return { kind: 'token', key: token, nextKey, token, tokenOffset };
  });
}
