import type { KeywordMode } from '../keyword-definition.js';
import { PROXIMITY_SLACK } from '../rules/proximity-rule.js';
import { tokenize } from '../text/tokenizer.js';
import { foldTermText } from './query-terms.js';
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
 * Each is exact: keyword-query.property.spec.ts holds them to it on real Reddit text.
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
  const { tokens } = tokenize(folded);
  if (tokens.length === 0) return { kind: 'literal', text: folded };
  const bare = tokens.length === 1 && tokens[0].length === folded.length;
  return { kind: bare ? 'word' : 'phrase', text: folded };
}

/** A keyword's words with their token counts (a space never falls inside a token). */
function wordsOf(folded: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of folded.split(' ')) {
    counts.set(word, counts.get(word) ?? tokenize(word).tokens.length);
  }
  return counts;
}

/** The distinct words with a letter or digit, in keyword order. */
function matchedWords(counts: ReadonlyMap<string, number>): string[] {
  return [...counts.keys()].filter((word) => (counts.get(word) as number) > 0);
}

function proximityTree(folded: string): QueryNode {
  if (!folded.includes(' ')) return exactTerm(folded);
  const counts = wordsOf(folded);
  const words = matchedWords(counts);
  if (words.length === 0) return exactTerm(folded);
  if (words.length === 1) return exactTerm(words[0]);
  let window = PROXIMITY_SLACK;
  for (const word of folded.split(' ')) window += counts.get(word) as number;
  if (words.length > 2) return { kind: 'within', window, operands: words.map(exactTerm) };
  const [left, right] = words;
  const distance = window - (counts.get(left) as number) - (counts.get(right) as number);
  return { kind: 'near', ordered: false, distance, left: exactTerm(left), right: exactTerm(right) };
}

function broadTree(folded: string): QueryNode {
  const words = matchedWords(wordsOf(folded));
  if (words.length === 0) return exactTerm(folded);
  const terms = words.map((word): TextTerm => {
    const term = exactTerm(word);
    return term.kind === 'word' ? { kind: 'stem', text: word } : term;
  });
  return terms.length === 1 ? terms[0] : { kind: 'within', window: null, operands: terms };
}
