import { stemmer } from 'stemmer';

import type { MatchInput } from '../matching/match-input.js';
import { enclosingDomains, QueryItem } from '../matching/query/query-item.js';
import { foldCase } from '../matching/text/text-normalization.js';
import { tokenize } from '../matching/text/tokenizer.js';

/*
 * What the full-text index of the window holds for an item: the matcher's own tokens, stems and
 * item names, each as one lexeme of ASCII letters and digits that the database's tokenizer keeps
 * whole (FTS5's unicode61 splits nothing in it, and PostgreSQL's array_to_tsvector parses nothing).
 * A lexeme is a two-letter mark, where it occurs and what it is, then its text encoded:
 * - `a` a post's title, `b` a post's selftext or a comment's body, `c` a comment's post title;
 *   then `t` a token, `s` its Porter stem (only when it differs from the token);
 * - `ns` the subreddit, `na` the author, `nd` a domain the item links to (each enclosing domain).
 * So the database finds exactly the items where our tokenizer, stemmer and domain reader found
 * a term, never fewer (docs/preview.md, "The recent window").
 */

/** Where a field's lexemes come from: see the marks above. */
export type TextColumn = 'a' | 'b' | 'c';

const ENCODED_LIMIT = 120;
const PLAIN = /^[a-wyz0-9]$/;

/**
 * One UTF-16 code unit at a time: a lower-case ASCII letter (but `x`) or a digit as it is, any
 * other as `x` and four hex digits. Each code unit encodes alone, so a prefix of a text encodes
 * to a prefix of its encoding. Past ENCODED_LIMIT characters it is cut, the same way for the
 * item and for the search, so a long token still finds itself (and the tokens it shares its
 * start with: a superset), and PostgreSQL's 2,047-byte lexemes are never reached.
 */
function encodeText(text: string): string {
  let encoded = '';
  for (let index = 0; index < text.length && encoded.length < ENCODED_LIMIT; index++) {
    const character = text[index];
    encoded += PLAIN.test(character)
      ? character
      : `x${text.charCodeAt(index).toString(16).padStart(4, '0')}`;
  }
  return encoded.slice(0, ENCODED_LIMIT);
}

const lexeme = (mark: string, text: string): string => mark + encodeText(text);

export const tokenLexeme = (column: TextColumn, token: string): string =>
  lexeme(`${column}t`, token);
export const stemLexeme = (column: TextColumn, stem: string): string => lexeme(`${column}s`, stem);

/** The marks of the item's names, by the query field that names them. */
const NAME_MARKS = { sub: 'ns', author: 'na', site: 'nd' } as const;

/** A subreddit, author (lower case) or domain as a lexeme. */
export const nameLexeme = (field: keyof typeof NAME_MARKS, name: string): string =>
  lexeme(NAME_MARKS[field], name);

/** The text columns of an item with the text of each, as the matcher reads its fields. */
export function textColumns(input: MatchInput): [TextColumn, string][] {
  const columns: [TextColumn, string | null | undefined][] =
    input.type === 'post'
      ? [
          ['a', input.fields[0]],
          ['b', input.fields[1]],
        ]
      : [
          ['b', input.fields[0]],
          ['c', input.parentTitle],
        ];
  return columns.filter((column): column is [TextColumn, string] => Boolean(column[1]));
}

/** Every lexeme of an item, each once. */
export function itemLexemes(input: MatchInput): string[] {
  const lexemes = new Set<string>();
  for (const [column, text] of textColumns(input)) {
    for (const token of tokenize(foldCase(text)).tokens) {
      lexemes.add(tokenLexeme(column, token));
      const stem = stemmer(token);
      if (stem !== token) lexemes.add(stemLexeme(column, stem));
    }
  }
  lexemes.add(nameLexeme('sub', input.subreddit.toLowerCase()));
  lexemes.add(nameLexeme('author', input.author.toLowerCase()));
  const item = new QueryItem();
  item.reset(input);
  for (const host of item.domains()) {
    for (const domain of enclosingDomains(host)) lexemes.add(nameLexeme('site', domain));
  }
  return [...lexemes];
}

/** Whether every text of the item folds by lower-casing its ASCII letters alone. */
export function foldsLikeAsciiOnly(input: MatchInput): boolean {
  return textColumns(input).every(([, text]) => foldCase(text) === asciiLowerCase(text));
}

function asciiLowerCase(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}
