import { parsePhrase } from '../text/phrase.js';
import { isTextTerm, type QueryNode, type TextTerm } from './query-tree.js';

/** The index terms a query's text terms are read through. */
export interface QueryTermKeys {
  /** The folded whole words of its words, phrases and prefixes (a prefix's last is not whole). */
  readonly words: Set<string>;
  /** Each prefix's last word, the key of the prefix term it is found by (token-table.ts). */
  readonly prefixes: Set<string>;
}

/**
 * The terms of a query's text terms (inside NOT too), each once: the matcher holds them, so the
 * evaluator finds where they occur by id in the scanned field (term-spans.ts).
 */
export function queryTermKeys(node: QueryNode): QueryTermKeys {
  const keys: QueryTermKeys = { words: new Set(), prefixes: new Set() };
  forEachTextTerm(node, (term) => {
    if (term.kind !== 'word' && term.kind !== 'phrase' && term.kind !== 'prefix') return;
    const { tokens } = parsePhrase(term.text);
    const isPrefix = term.kind === 'prefix';
    for (const token of isPrefix ? tokens.slice(0, -1) : tokens) keys.words.add(token);
    if (isPrefix && tokens.length > 0) keys.prefixes.add(tokens[tokens.length - 1]);
  });
  return keys;
}

function forEachTextTerm(node: QueryNode, visit: (term: TextTerm) => void): void {
  if (isTextTerm(node)) {
    visit(node);
    return;
  }
  switch (node.kind) {
    case 'and':
    case 'or':
    case 'within':
      for (const operand of node.operands) forEachTextTerm(operand, visit);
      return;
    case 'near':
      forEachTextTerm(node.left, visit);
      forEachTextTerm(node.right, visit);
      return;
    case 'not':
    case 'scope':
      forEachTextTerm(node.operand, visit);
      return;
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
      return;
  }
}
