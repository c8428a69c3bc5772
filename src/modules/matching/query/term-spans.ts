import { stemmer } from 'stemmer';

import { parsePhrase, type ParsedPhrase } from '../text/phrase.js';
import { separatorEndsAt, separatorEquals, separatorStartsAt } from '../text/separator.js';
import type { TokenizedText } from '../text/tokenizer.js';
import type { QueryText } from './query-text.js';
import type { TextTerm } from './query-tree.js';

/** Token positions of one occurrence, first and last (last < first: between two tokens). */
export type Span = readonly [number, number];

/** What a term needs, worked out once per term node and kept with it. */
interface TermPattern {
  readonly phrase: ParsedPhrase;
  readonly literal: RegExp | null;
  readonly stem: string | null;
}

const patterns = new WeakMap<TextTerm, TermPattern>();
const REGEXP_SYNTAX = /[.*+?^${}()|[\]\\/]/g;

function patternOf(term: TextTerm): TermPattern {
  let pattern = patterns.get(term);
  if (pattern === undefined) {
    pattern = {
      phrase: parsePhrase(term.text),
      literal: term.kind === 'literal' ? literalExpression(term.text) : null,
      stem: term.kind === 'stem' ? stemmer(term.text) : null,
    };
    patterns.set(term, pattern);
  }
  return pattern;
}

/** A space stands for any whitespace run; everything else as written. */
function literalExpression(text: string): RegExp {
  const source = text
    .split(' ')
    .map((part) => part.replace(REGEXP_SYNTAX, '\\$&'))
    .join('\\s+');
  return new RegExp(source, 'gu');
}

/** Where the term occurs in the field, in text order. */
export function termSpans(term: TextTerm, field: QueryText): Span[] {
  const pattern = patternOf(term);
  switch (term.kind) {
    case 'word':
    case 'phrase':
      return phraseSpans(field.folded, pattern.phrase, false);
    case 'prefix':
      return phraseSpans(field.folded, pattern.phrase, true);
    case 'caseSensitive':
      return phraseSpans(field.caseSensitive, pattern.phrase, false);
    case 'stem': {
      const { stem } = pattern;
      const spans: Span[] = [];
      field.stems.forEach((tokenStem, position) => {
        if (tokenStem === stem) spans.push([position, position]);
      });
      return spans;
    }
    case 'literal':
      return literalSpans(field.folded, pattern.literal as RegExp);
  }
}

/**
 * A phrase's occurrences compared as `exact` keywords are (rules/phrase-pattern.ts): the tokens
 * in a row, the separators between them, and those before and after it touching it. With
 * `lastIsPrefix` its last token need only start the text's token.
 */
function phraseSpans(text: TokenizedText, phrase: ParsedPhrase, lastIsPrefix: boolean): Span[] {
  const spans: Span[] = [];
  const length = phrase.tokens.length;
  if (length === 0) return spans;
  for (let start = 0; start + length <= text.tokens.length; start++) {
    if (phraseAt(text, start, phrase, lastIsPrefix)) spans.push([start, start + length - 1]);
  }
  return spans;
}

function phraseAt(
  text: TokenizedText,
  start: number,
  phrase: ParsedPhrase,
  lastIsPrefix: boolean,
): boolean {
  const { tokens, gaps, prefix, suffix } = phrase;
  const last = tokens.length - 1;
  for (let offset = 0; offset <= last; offset++) {
    const token = text.tokens[start + offset];
    const matches =
      lastIsPrefix && offset === last ? token.startsWith(tokens[offset]) : token === tokens[offset];
    if (!matches) return false;
  }
  for (let offset = 0; offset < gaps.length; offset++) {
    const from = text.ends[start + offset];
    const to = text.starts[start + offset + 1];
    if (!separatorEquals(text.text, from, to, gaps[offset])) return false;
  }
  if (prefix !== '' && !separatorEndsAt(text.text, text.starts[start], prefix)) return false;
  return suffix === '' || separatorStartsAt(text.text, text.ends[start + last], suffix);
}

/** A literal's occurrences as substrings, each as the tokens it touches. */
function literalSpans(text: TokenizedText, expression: RegExp): Span[] {
  const spans: Span[] = [];
  for (const match of text.text.matchAll(expression)) {
    const from = match.index;
    const to = from + match[0].length;
    let first = 0;
    while (first < text.tokens.length && text.ends[first] <= from) first++;
    let last = first - 1;
    while (last + 1 < text.tokens.length && text.starts[last + 1] < to) last++;
    spans.push([first, last]);
  }
  return spans;
}
