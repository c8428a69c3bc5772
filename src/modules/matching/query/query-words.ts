import { parsePhrase } from '../text/phrase.js';
import { isTextTerm, type QueryNode } from './query-tree.js';

/**
 * The folded tokens of a query's word and phrase terms (inside NOT too), each once: the matcher
 * holds them as terms, so the evaluator asks whether one occurs by its id in the scanned field.
 */
export function queryWords(node: QueryNode, words = new Set<string>()): Set<string> {
  if (isTextTerm(node)) {
    if (node.kind === 'word' || node.kind === 'phrase') {
      for (const token of parsePhrase(node.text).tokens) words.add(token);
    }
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
