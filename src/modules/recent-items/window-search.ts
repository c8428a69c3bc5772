import type { Anchor } from '../matching/index/anchor.js';
import type { KeywordDefinition } from '../matching/keyword-definition.js';
import { keywordQuery } from '../matching/query/keyword-query.js';
import { parseQuery } from '../matching/query/query-parser.js';
import { hasTitleScope, type Scope } from '../matching/query/query-tree.js';
import { queryAnchors, type QueryAnchor } from '../matching/rules/query-anchors.js';
import { nameLexeme, stemLexeme, tokenLexeme, type TextColumn } from './window-terms.js';

/**
 * Where a keyword may match: its anchors (every item it matches holds one), and whether an
 * unscoped anchor may be found in a comment's post title (only a query with `title:` reads it;
 * the live matcher verifies it there then).
 */
export interface KeywordAnchors {
  readonly anchors: readonly QueryAnchor[];
  readonly readsParentTitle: boolean;
}

/**
 * A keyword's anchors, as the live index files it: a query's from its tree, a keyword without one
 * from the tree of its mode (keywordQuery, which means what the mode means). Each is chosen as if
 * no other keyword shared it (the rarest), which does not change what a match must hold.
 * Throws the parser's QueryError for a query that does not parse or has no anchor.
 */
export function keywordAnchors(
  keyword: Pick<KeywordDefinition, 'text' | 'mode' | 'query'>,
): KeywordAnchors {
  const tree =
    keyword.query === undefined || keyword.query === null
      ? keywordQuery(keyword.text, keyword.mode)
      : parseQuery(keyword.query);
  const anchors = queryAnchors(tree, () => 0);
  if (anchors === null) throw new Error('a query without an anchor: parseQuery refuses it');
  return { anchors, readsParentTitle: hasTitleScope(tree) };
}

/** One lexeme of the index, whole or as the start of longer ones. */
export interface LexemeTerm {
  readonly lexeme: string;
  readonly prefix: boolean;
}

/** A literal looked for as text: each of its whitespace-free parts, in the item's text columns. */
export interface LiteralSearch {
  readonly parts: readonly string[];
  readonly columns: readonly TextColumn[];
}

/**
 * What the database looks for: items holding every lexeme of one of `lexemes` (an OR of ANDs),
 * or one of `literals`. A superset of the items the anchors can match.
 */
export interface WindowSearch {
  readonly lexemes: readonly (readonly LexemeTerm[])[];
  readonly literals: readonly LiteralSearch[];
}

/** The text columns an anchor may occur in (window-terms.ts). */
function columnsOf(scope: Scope | null, readsParentTitle: boolean): TextColumn[] {
  if (scope === 'title') return ['a', 'c'];
  if (scope === 'body') return ['b'];
  return readsParentTitle ? ['a', 'b', 'c'] : ['a', 'b'];
}

export function windowSearch({ anchors, readsParentTitle }: KeywordAnchors): WindowSearch {
  const lexemes: LexemeTerm[][] = [];
  const literals: LiteralSearch[] = [];
  for (const anchor of anchors) {
    if (anchor.kind === 'text') {
      const columns = columnsOf(anchor.scope, readsParentTitle);
      literals.push({ parts: anchor.text.split(/\s+/).filter(Boolean), columns });
    } else if (anchor.kind === 'term') {
      lexemes.push(...termLexemes(anchor.anchor, columnsOf(anchor.scope, readsParentTitle)));
    } else {
      lexemes.push([{ lexeme: nameLexeme(anchor.kind, anchor.name), prefix: false }]);
    }
  }
  return { lexemes, literals };
}

/** A term anchor in each column it may occur in. */
function termLexemes(
  { kind, key, nextKey }: Anchor,
  columns: readonly TextColumn[],
): LexemeTerm[][] {
  return columns.flatMap((column) => {
    const token = (text: string) => ({ lexeme: tokenLexeme(column, text), prefix: false });
    switch (kind) {
      case 'prefix':
        return [[{ lexeme: tokenLexeme(column, key), prefix: true }]];
      case 'stem':
        // A token whose stem differs is indexed by its stem too; one whose stem is itself is not.
        return [[{ lexeme: stemLexeme(column, key), prefix: false }], [token(key)]];
      case 'token':
        return [nextKey === null ? [token(key)] : [token(key), token(nextKey)]];
    }
  });
}

/** An FTS5 MATCH expression for the lexemes, or null for none. */
export function fts5Expression(search: WindowSearch): string | null {
  if (search.lexemes.length === 0) return null;
  return search.lexemes
    .map((all) => `(${all.map((t) => `"${t.lexeme}"${t.prefix ? ' *' : ''}`).join(' AND ')})`)
    .join(' OR ');
}

/** A PostgreSQL tsquery for the lexemes (cast from text, nothing parsed), or null for none. */
export function tsqueryText(search: WindowSearch): string | null {
  if (search.lexemes.length === 0) return null;
  return search.lexemes
    .map((all) => `(${all.map((t) => `'${t.lexeme}'${t.prefix ? ':*' : ''}`).join(' & ')})`)
    .join(' | ');
}
