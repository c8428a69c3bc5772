import { isTextTerm, type QueryNode } from './query-tree.js';

/**
 * Whether every match of the node holds something the index can find it by (section 13): a
 * text term, or else a `sub:`, `author:` or `site:`, outside any NOT.
 */
export function hasAnchor(node: QueryNode): boolean {
  if (isTextTerm(node)) return true;
  switch (node.kind) {
    case 'sub':
    case 'author':
    case 'site':
      return true;
    case 'flair':
    case 'type':
    case 'self':
    case 'nsfw':
    case 'lang':
    case 'score':
    case 'comments':
    case 'not':
      return false;
    case 'and':
    case 'within':
      return node.operands.some(hasAnchor);
    case 'or':
      return node.operands.every(hasAnchor);
    case 'near':
      return hasAnchor(node.left) || hasAnchor(node.right);
    case 'scope':
      return hasAnchor(node.operand);
  }
}
