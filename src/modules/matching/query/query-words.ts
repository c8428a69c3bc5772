import { parsePhrase } from '../text/phrase.js';
import { isTextTerm, type QueryNode } from './query-tree.js';

/**
 * The folded whole words of a query's word, phrase and prefix terms (inside NOT too; a prefix's
 * last word is not whole), each once: the matcher
 * holds them as terms, so the evaluator asks whether one occurs by its id in the scanned field.
 */
export function queryWords(node: QueryNode, words = new Set<string>()): Set<string> {
  if (isTextTerm(node)) {
    const { tokens } = parsePhrase(node.text);
    if (node.kind === 'word' || node.kind === 'phrase')
      for (const token of tokens) words.add(token);
    if (node.kind === 'prefix') for (const token of tokens.slice(0, -1)) words.add(token);
    return words;
  }
  switch (node.kind) {
    case 'and':
    case 'or':
    case 'within':
      for (const operand of node.operands) queryWords(operand, words);
      return words;
    case 'near':
      queryWords(node.left, words);
      return queryWords(node.right, words);
    case 'not':
    case 'scope':
      return queryWords(node.operand, words);
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
      return words;
  }
}
