import fc from 'fast-check';

import type { MatchInput } from '../match-input.js';
import { parseQuery } from '../query/query-parser.js';
import { foldCase } from '../text/text-normalization.js';
import { tokenize } from '../text/tokenizer.js';

/*
 * Random queries written with the words of real items, for the matcher's property tests: a
 * shape (every operator and item field) becomes a query on an item's words.
 */

export type Shape =
  | { t: 'word' | 'phrase' | 'prefix' | 'case' | 'literal'; i: number }
  | { t: 'field'; f: number; i: number }
  | { t: 'and' | 'or'; a: Shape; b: Shape }
  | { t: 'not'; a: Shape }
  | { t: 'near'; n: number; ordered: boolean; a: Shape; b: Shape }
  | { t: 'scope'; title: boolean; a: Shape };

export const { shape } = fc.letrec<{ shape: Shape }>((tie) => ({
  shape: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({
      t: fc.constantFrom('word', 'word', 'phrase', 'prefix', 'case', 'literal'),
      i: fc.nat(),
    }) as fc.Arbitrary<Shape>,
    fc.record({ t: fc.constant('field'), f: fc.nat(10), i: fc.nat() }) as fc.Arbitrary<Shape>,
    fc.record({
      t: fc.constantFrom('and', 'or'),
      a: tie('shape'),
      b: tie('shape'),
    }) as fc.Arbitrary<Shape>,
    fc.record({ t: fc.constant('not'), a: tie('shape') }) as fc.Arbitrary<Shape>,
    fc.record({
      t: fc.constant('near'),
      n: fc.integer({ min: 1, max: 8 }),
      ordered: fc.boolean(),
      a: tie('shape'),
      b: tie('shape'),
    }) as fc.Arbitrary<Shape>,
    fc.record({
      t: fc.constant('scope'),
      title: fc.boolean(),
      a: tie('shape'),
    }) as fc.Arbitrary<Shape>,
  ),
}));

export const extras = fc.record({
  subreddit: fc.constantFrom('rust', 'pics', 'Technology'),
  author: fc.constantFrom('alice', 'Bob'),
  nsfw: fc.option(fc.boolean()),
  isSelf: fc.option(fc.boolean()),
  flair: fc.constantFrom(null, 'Help', 'Meme'),
  url: fc.constantFrom(null, 'https://blog.acme.io/x', 'https://example.com'),
  score: fc.option(fc.integer({ min: 0, max: 50 })),
  numComments: fc.option(fc.integer({ min: 0, max: 50 })),
});

/** The words of an item's text: folded and as written, with their text around them. */
export class Words {
  private readonly folded;
  private readonly raw;

  constructor(readonly input: MatchInput) {
    const text = input.fields.join(' \n ');
    this.folded = tokenize(foldCase(text));
    this.raw = tokenize(text.normalize('NFKC'));
  }

  get isEmpty(): boolean {
    return this.folded.tokens.length < 2;
  }

  word(index: number): string {
    return this.folded.tokens[index % this.folded.tokens.length];
  }

  phrase(index: number): string {
    const at = index % (this.folded.tokens.length - 1);
    return `"${this.word(at)} ${this.word(at + 1)}"`;
  }

  prefix(index: number): string {
    const word = this.word(index);
    const letters = [...word];
    return letters.length > 3
      ? `${letters.slice(0, 3 + (index % (letters.length - 3))).join('')}*`
      : word;
  }

  caseSensitive(index: number): string {
    const word = this.raw.tokens[index % this.raw.tokens.length];
    return `{${word}}`;
  }

  /** A token with the characters around it, as a literal when they hold no backtick. */
  literal(index: number): string {
    const { text, starts, ends, tokens } = this.folded;
    const at = index % tokens.length;
    const slice = text.slice(Math.max(0, starts[at] - 1), ends[at] + 1).trim();
    return slice.includes('`') || slice === '' ? this.word(index) : `\`${slice}\``;
  }
}

const FIELDS: ((index: number) => string)[] = [
  (index) => `sub:${['rust', 'pics', 'golang'][index % 3]}`,
  (index) => `author:(${['alice', 'carol'][index % 2]},dave)`,
  (index) => `type:${index % 2 === 0 ? 'post' : 'comment'}`,
  (index) => `nsfw:${index % 2 === 0 ? 'yes' : 'no'}`,
  (index) => `self:${index % 2 === 0 ? 'yes' : 'no'}`,
  (index) => `flair:${index % 2 === 0 ? 'help' : '"Meme"'}`,
  (index) => `site:${['acme.io', 'example.com', 'reddit.com'][index % 3]}`,
  (index) => `score:>=${index % 40}`,
  (index) => `comments:<${index % 40}`,
  (index) => `lang:${index % 2 === 0 ? 'en' : 'de'}`,
  (index) => `sub:${['technology', 'rust'][index % 2]}`,
];

/** The query a shape stands for on an item's words; `textOnly` inside a NEAR or a scope. */
export function written(shape: Shape, words: Words, textOnly = false, inScope = false): string {
  switch (shape.t) {
    case 'word':
      return words.word(shape.i);
    case 'phrase':
      return words.phrase(shape.i);
    case 'prefix':
      return words.prefix(shape.i);
    case 'case':
      return words.caseSensitive(shape.i);
    case 'literal':
      return words.literal(shape.i);
    case 'field':
      return textOnly || inScope ? words.word(shape.i) : FIELDS[shape.f](shape.i);
    case 'and':
      return `(${written(shape.a, words, textOnly, inScope)} ${written(shape.b, words, textOnly, inScope)})`;
    case 'or':
      return `(${written(shape.a, words, textOnly, inScope)} OR ${written(shape.b, words, textOnly, inScope)})`;
    case 'not':
      return textOnly
        ? written(shape.a, words, true)
        : `-(${written(shape.a, words, false, inScope)})`;
    case 'near':
      return `(${written(shape.a, words, true)}) ${shape.ordered ? 'ONEAR' : 'NEAR'}/${shape.n} (${written(shape.b, words, true)})`;
    case 'scope':
      return textOnly || inScope
        ? written(shape.a, words, textOnly, inScope)
        : `${shape.title ? 'title' : 'body'}:(${written(shape.a, words, false, true)})`;
  }
}

export function parses(query: string): boolean {
  try {
    parseQuery(query);
    return true;
  } catch {
    return false;
  }
}
