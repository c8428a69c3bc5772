import { stemmer } from 'stemmer';

import type { Anchor, AnchorChooser } from './anchor.js';
import { BroadRule } from './broad-rule.js';
import { ExactRule } from './exact-rule.js';
import type { KeywordMode } from './keyword-definition.js';
import type { MatchRule } from './match-rule.js';
import { isBareToken, parsePhrase, type Phrase } from './phrase.js';
import { PhraseSearchRule } from './phrase-search-rule.js';
import { PROXIMITY_SLACK, ProximityRule } from './proximity-rule.js';
import { foldCase } from './text-normalization.js';
import { tokenize } from './tokenizer.js';

/** A keyword ready to index: its rule, and the anchor to file it under (null: no token at all). */
export interface CompiledKeyword {
  readonly rule: MatchRule;
  readonly anchor: Anchor | null;
}

export function compileKeyword(
  text: string,
  mode: KeywordMode,
  chooseAnchor: AnchorChooser,
): CompiledKeyword {
  const folded = foldCase(text).replace(/\s+/g, ' ').trim();
  switch (mode) {
    case 'exact':
      return compileExact(folded, chooseAnchor);
    case 'proximity':
      return compileProximity(folded, chooseAnchor);
    case 'broad':
      return compileBroad(folded, chooseAnchor);
  }
}

function compileExact(folded: string, chooseAnchor: AnchorChooser): CompiledKeyword {
  const phrase = parsePhrase(folded);
  if (phrase.tokens.length === 0) return { rule: new PhraseSearchRule(folded), anchor: null };
  const anchor = chooseAnchor(tokenAnchors(phrase, 0));
  return { rule: new ExactRule(phrase, anchor.tokenOffset), anchor };
}

function compileProximity(folded: string, chooseAnchor: AnchorChooser): CompiledKeyword {
  const words = distinctWordsWithTokens(folded);
  if (!folded.includes(' ') || words.length === 0) return compileExact(folded, chooseAnchor);
  const window = tokenize(folded).tokens.length + PROXIMITY_SLACK;
  const anchor = chooseAnchor(words.flatMap((word, wordIndex) => tokenAnchors(word, wordIndex)));
  return { rule: new ProximityRule(words, window, anchor.wordIndex, anchor.tokenOffset), anchor };
}

function compileBroad(folded: string, chooseAnchor: AnchorChooser): CompiledKeyword {
  const words = distinctWordsWithTokens(folded);
  if (words.length === 0) return compileExact(folded, chooseAnchor);
  const bareTokens = words.filter(isBareToken).map((word) => word.tokens[0]);
  const symbolWords = words.filter((word) => !isBareToken(word));
  const options: Anchor[] = [
    ...bareTokens.map((token, wordIndex): Anchor => {
      return {
        index: 'stem',
        key: stemmer(token),
        nextKey: null,
        token,
        wordIndex,
        tokenOffset: 0,
      };
    }),
    ...symbolWords.flatMap((word, wordIndex) => tokenAnchors(word, wordIndex)),
  ];
  const wordStems = [...new Set(bareTokens.map((token) => stemmer(token)))];
  return { rule: new BroadRule(wordStems, symbolWords), anchor: chooseAnchor(options) };
}

/**
 * The keyword's whitespace-separated words, each once. Words without a letter or digit
 * ("&" in "r & d") carry no position or stem and are left out of proximity and broad matching.
 */
function distinctWordsWithTokens(folded: string): Phrase[] {
  return [...new Set(folded.split(' '))]
    .map((word) => parsePhrase(word))
    .filter((word) => word.tokens.length > 0);
}

/** Each pair of adjacent tokens of a phrase, or its single token. */
function tokenAnchors(phrase: Phrase, wordIndex: number): Anchor[] {
  const { tokens } = phrase;
  if (tokens.length === 1) {
    return [
      {
        index: 'token',
        key: tokens[0],
        nextKey: null,
        token: tokens[0],
        wordIndex,
        tokenOffset: 0,
      },
    ];
  }
  return tokens.slice(0, -1).map((token, tokenOffset) => {
    const nextKey = tokens[tokenOffset + 1];
    return { index: 'token', key: token, nextKey, token, wordIndex, tokenOffset };
  });
}
