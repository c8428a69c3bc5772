import type { KeywordMode } from '../keyword-definition.js';
import { PROXIMITY_SLACK } from '../rules/proximity-rule.js';
import { tokenize } from '../text/tokenizer.js';
import { foldTermText, isBareWord } from './query-terms.js';
import type { QueryNode, TextTerm } from './query-tree.js';

/**
 * The tree of a keyword without a query, meaning what its mode means (decisions.md section 4,
 * src/modules/matching/rules):
 * - `exact`: the phrase (a word when it is one; a literal when it has no letter or digit, as
 *   PhraseSearchRule matches it). Exact.
 * - `proximity`: each word (as written, symbols included) within a window of n + 5 tokens, n the
 *   keyword's tokens. Two words are one NEAR with the words the window leaves between them; three
 *   or more a `within` window (the pairs NEARed and ANDed could hold on different occurrences of
 *   a repeated word, and would match more).
 * - `broad`: each word's stem (a word with symbols as its phrase), all `within` one field: an AND
 *   would also take them across a post's title and selftext.
 * Each is exact: the property test of query-evaluator.reference.spec.ts holds them to it.
 * Words without a letter or digit, and repeated words, play no part in proximity and broad
 * matching, as in compile-keyword.ts. Texts are kept as the keyword holds them: a phrase may hold
 * a `"`, which the query language cannot write, so printing such a tree does not parse back.
 */
export function keywordQuery(text: string, mode: KeywordMode): QueryNode {
  const folded = foldTermText(text);
  switch (mode) {
    case 'exact':
      return exactTerm(folded);
    case 'proximity':
      return proximityTree(folded);
    case 'broad':
      return broadTree(folded);
  }
}

function exactTerm(folded: string): TextTerm {
  if (tokenize(folded).tokens.length === 0) return { kind: 'literal', text: folded };
  return { kind: isBareWord(folded) ? 'word' : 'phrase', text: folded };
}

/** The distinct words with a letter or digit, in keyword order. */
function matchedWords(words: readonly string[]): string[] {
  return [...new Set(words)].filter((word) => tokenCount(word) > 0);
}

function tokenCount(text: string): number {
  return tokenize(text).tokens.length;
}

function proximityTree(folded: string): QueryNode {
  const allWords = folded.split(' ');
  const words = matchedWords(allWords);
  if (allWords.length === 1 || words.length === 0) return exactTerm(folded);
  if (words.length === 1) return exactTerm(words[0]);
  const window = tokenCount(folded) + PROXIMITY_SLACK;
  if (words.length > 2) return { kind: 'within', window, operands: words.map(exactTerm) };
  const [left, right] = words;
  const distance = window - tokenCount(left) - tokenCount(right);
  return { kind: 'near', ordered: false, distance, left: exactTerm(left), right: exactTerm(right) };
}

function broadTree(folded: string): QueryNode {
  const words = matchedWords(folded.split(' '));
  if (words.length === 0) return exactTerm(folded);
  const terms = words.map((word): TextTerm =>
    isBareWord(word) ? { kind: 'stem', text: word } : exactTerm(word),
  );
  return terms.length === 1 ? terms[0] : { kind: 'within', window: null, operands: terms };
}
