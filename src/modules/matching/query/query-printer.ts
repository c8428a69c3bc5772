import { isBareWord } from './query-terms.js';
import { tokenize } from '../text/tokenizer.js';
import { isTextTerm, type QueryNode, type TextTerm, type WithinNode } from './query-tree.js';

/**
 * The canonical string of a query tree, which parses back to the same tree: terms in their
 * compared form, AND as a space, NOT as `-`, parentheses only where precedence needs them
 * (and around a negated NEAR, which reads ambiguously without them).
 */
export function printQuery(node: QueryNode): string {
  switch (node.kind) {
    case 'word':
    case 'stem':
      return node.text;
    case 'phrase':
      return `"${node.text}"`;
    case 'prefix':
      return isBareWord(node.text) ? `${node.text}*` : `"${node.text}*"`;
    case 'caseSensitive':
      return isBareWord(node.text) ? `{${node.text}}` : `{"${node.text}"}`;
    case 'literal':
      return `\`${node.text}\``;
    case 'sub':
    case 'author':
      return `${node.kind}:${node.names.length === 1 ? node.names[0] : `(${node.names.join(',')})`}`;
    case 'flair':
      return `flair:"${node.text}"`;
    case 'site':
      return `site:${node.domain}`;
    case 'type':
      return `type:${node.value}`;
    case 'self':
    case 'nsfw':
      return `${node.kind}:${node.value ? 'yes' : 'no'}`;
    case 'lang':
      return `lang:${node.code}`;
    case 'score':
    case 'comments':
      return `${node.kind}:${node.comparison}${node.value}`;
    case 'and':
      return node.operands
        .map((operand) => (operand.kind === 'or' ? group(operand) : printQuery(operand)))
        .join(' ');
    case 'or':
      return node.operands.map(printQuery).join(' OR ');
    case 'not':
      return `-${isAtom(node.operand) ? printQuery(node.operand) : group(node.operand)}`;
    case 'near':
      return `${side(node.left)} ${node.ordered ? 'ONEAR' : 'NEAR'}/${node.distance} ${side(node.right)}`;
    case 'within':
      return printQuery(nearestQuery(node));
    case 'scope':
      return `${node.scope}:${isTextTerm(node.operand) ? printQuery(node.operand) : group(node.operand)}`;
  }
}

/** A window as the NEAR of each pair of operands, ANDed; no window as the operands ANDed. */
function nearestQuery({ window, operands }: WithinNode): QueryNode {
  if (window === null) return { kind: 'and', operands };
  const pairs: QueryNode[] = [];
  for (let first = 0; first < operands.length; first++) {
    for (let second = first + 1; second < operands.length; second++) {
      const [left, right] = [operands[first], operands[second]];
      const distance = Math.max(1, window - wordCount(left) - wordCount(right));
      pairs.push({ kind: 'near', ordered: false, distance, left, right });
    }
  }
  return pairs.length === 1 ? pairs[0] : { kind: 'and', operands: pairs };
}

function wordCount(term: TextTerm): number {
  return Math.max(1, tokenize(term.text).tokens.length);
}

function group(node: QueryNode): string {
  return `(${printQuery(node)})`;
}

function side(node: QueryNode): string {
  return isTextTerm(node) ? printQuery(node) : group(node);
}

/** A node that needs no parentheses after `-`. */
function isAtom(node: QueryNode): boolean {
  return node.kind !== 'and' && node.kind !== 'or' && node.kind !== 'near';
}
