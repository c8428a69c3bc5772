import { stemmer } from 'stemmer';

import { tokenAnchor, type Anchor } from '../index/anchor.js';
import { tokenRarity } from '../text/common-words.js';
import { parsePhrase } from '../text/phrase.js';
import { foldCase } from '../text/text-normalization.js';
import type { QueryNode, Scope, TextTerm } from '../query/query-tree.js';
import { isTextTerm } from '../query/query-tree.js';

/** Where the index finds the items a query may match. */
export type QueryAnchor =
  /**
   * A token, token pair, stem or prefix term occurring in a field; with a scope, only an
   * occurrence in that field (`title:`, `body:`) can make the query match.
   */
  | { readonly kind: 'term'; readonly anchor: Anchor; readonly scope: Scope | null }
  /** A literal, found as text by the symbol phrase automaton (no space at either end). */
  | { readonly kind: 'text'; readonly text: string; readonly scope: Scope | null }
  /** The item's subreddit, author, or a domain it links to. */
  | { readonly kind: 'sub' | 'author' | 'site'; readonly name: string };

/** How many keywords are already filed under an anchor: each doubling costs one bit. */
export type AnchorSharing = (anchor: QueryAnchor) => number;

/*
 * Rarities in bits, beside tokenRarity's (common words 1 to 14, other tokens above 14): an item
 * field anchor is verified for every item of a subreddit, an author or a site, which is rarer
 * than a common word but commoner than a brand.
 */
const NAME_RARITY = 10;
const SITE_RARITY = 12;
const TEXT_RARITY = 12;
/** A prefix stands for every word starting with it: rarer than none, commoner than its word. */
const PREFIX_PENALTY = 3;

interface Choice {
  readonly anchors: QueryAnchor[];
  /** The rarity of its commonest anchor, less a bit per doubling of the anchors. */
  readonly score: number;
}

/**
 * The anchors to file a query under, taken from its positive terms (outside any NOT): every
 * item it can match holds one of them. An AND (or NEAR, or window) is filed under its best
 * operand's, an OR under each branch's, a term under its rarest token, pair, stem or prefix,
 * `sub:`, `author:` and `site:` under their names. Null when the query has none.
 */
export function queryAnchors(node: QueryNode, sharing: AnchorSharing): QueryAnchor[] | null {
  const anchors = choose(node, sharing, null)?.anchors;
  if (anchors === undefined) return null;
  // Branches may share an anchor (`(a b) OR (a c)`): the query is filed under it once, with a
  // scope only when every branch has that one.
  const byKey = new Map<string, QueryAnchor>();
  for (const anchor of anchors) {
    const key = anchorKey(anchor);
    const known = byKey.get(key);
    byKey.set(key, known === undefined || sameScope(known, anchor) ? anchor : unscoped(anchor));
  }
  return [...byKey.values()];
}

function sameScope(one: QueryAnchor, other: QueryAnchor): boolean {
  return (
    (one.kind === 'term' || one.kind === 'text') &&
    (other.kind === 'term' || other.kind === 'text') &&
    one.scope === other.scope
  );
}

function unscoped(anchor: QueryAnchor): QueryAnchor {
  return anchor.kind === 'term' || anchor.kind === 'text' ? { ...anchor, scope: null } : anchor;
}

function anchorKey(anchor: QueryAnchor): string {
  if (anchor.kind === 'term') {
    const { kind, key, nextKey } = anchor.anchor;
    return `${kind}:${key}:${nextKey ?? ''}`;
  }
  return anchor.kind === 'text' ? `text:${anchor.text}` : `${anchor.kind}:${anchor.name}`;
}

/** `scope`: the innermost `title:` or `body:` around the node, as the evaluator reads it. */
function choose(node: QueryNode, sharing: AnchorSharing, scope: Scope | null): Choice | null {
  if (isTextTerm(node)) return best(termOptions(node, scope), sharing);
  switch (node.kind) {
    case 'and':
    case 'within':
      return bestOf(node.operands.map((operand) => choose(operand, sharing, scope)));
    case 'near':
      return bestOf([choose(node.left, sharing, scope), choose(node.right, sharing, scope)]);
    case 'scope':
      return choose(node.operand, sharing, node.scope);
    case 'or': {
      const choices = node.operands.map((operand) => choose(operand, sharing, scope));
      if (choices.some((choice) => choice === null)) return null;
      return union(choices as Choice[]);
    }
    case 'sub':
    case 'author':
      return union(
        node.names.map((name) => scored({ kind: node.kind, name }, NAME_RARITY, sharing)),
      );
    case 'site':
      return scored({ kind: 'site', name: node.domain }, SITE_RARITY, sharing);
    case 'not':
    case 'flair':
    case 'type':
    case 'self':
    case 'nsfw':
    case 'lang':
    case 'score':
    case 'comments':
      return null;
  }
}

/** The term anchors a text term may be filed under, with their rarity; any one will do. */
function termOptions(term: TextTerm, scope: Scope | null): [QueryAnchor, number][] {
  const options: [QueryAnchor, number][] = [];
  const addTokens = (tokens: readonly string[], pairs: boolean) => {
    for (let offset = 0; offset < tokens.length; offset++) {
      const next = pairs && offset + 1 < tokens.length ? tokens[offset + 1] : null;
      if (pairs && next === null && tokens.length > 1) break;
      const anchor = tokenAnchor(tokens[offset], next, 0);
      options.push([{ kind: 'term', anchor, scope }, anchor.rarity]);
    }
  };
  switch (term.kind) {
    case 'word':
    case 'phrase':
      addTokens(parsePhrase(term.text).tokens, true);
      break;
    case 'caseSensitive':
      addTokens(parsePhrase(foldCase(term.text)).tokens, true);
      break;
    case 'prefix': {
      const { tokens } = parsePhrase(term.text);
      const last = tokens[tokens.length - 1];
      addTokens(tokens.slice(0, -1), false);
      const rarity = tokenRarity(last) - PREFIX_PENALTY;
      options.push([
        {
          kind: 'term',
          anchor: { ...tokenAnchor(last, null, 0), kind: 'prefix', rarity },
          scope,
        },
        rarity,
      ]);
      break;
    }
    case 'stem': {
      const anchor: Anchor = {
        kind: 'stem',
        key: stemmer(term.text),
        nextKey: null,
        tokenOffset: 0,
        rarity: tokenRarity(term.text),
      };
      options.push([{ kind: 'term', anchor, scope }, anchor.rarity]);
      break;
    }
    case 'literal':
      addTokens(wholeTokens(term.text), false);
      options.push([{ kind: 'text', text: term.text.trim(), scope }, TEXT_RARITY]);
      break;
  }
  return options;
}

/**
 * The tokens of a literal that every occurrence holds whole: those with a symbol on both sides
 * inside it (in `c++20` neither `c` nor `20` is, as `abc++2024` holds it).
 */
function wholeTokens(text: string): string[] {
  const { tokens, prefix, suffix } = parsePhrase(text);
  return tokens.filter(
    (_, index) => (index > 0 || prefix !== '') && (index < tokens.length - 1 || suffix !== ''),
  );
}

function scored(anchor: QueryAnchor, rarity: number, sharing: AnchorSharing): Choice {
  return { anchors: [anchor], score: rarity - Math.log2(1 + sharing(anchor)) };
}

function best(options: readonly [QueryAnchor, number][], sharing: AnchorSharing): Choice | null {
  return bestOf(options.map(([anchor, rarity]) => scored(anchor, rarity, sharing)));
}

function bestOf(choices: readonly (Choice | null)[]): Choice | null {
  let chosen: Choice | null = null;
  for (const choice of choices) {
    if (choice !== null && (chosen === null || choice.score > chosen.score)) chosen = choice;
  }
  return chosen;
}

function union(choices: readonly Choice[]): Choice {
  const anchors = choices.flatMap((choice) => choice.anchors);
  const commonest = Math.min(...choices.map((choice) => choice.score));
  return { anchors, score: commonest - Math.log2(anchors.length) };
}
