import { keywordQuery } from './keyword-query.js';
import { printQuery } from './query-printer.js';
import type { QueryNode } from './query-tree.js';

const near = (left: QueryNode, distance: number, right: QueryNode): QueryNode => ({
  kind: 'near',
  ordered: false,
  distance,
  left,
  right,
});
const word = (text: string): QueryNode => ({ kind: 'word', text });
const stem = (text: string): QueryNode => ({ kind: 'stem', text });

describe('keywordQuery', () => {
  describe('exact', () => {
    it.each<[string, QueryNode]>([
      ['Acme', word('acme')],
      ['Acme   Corp', { kind: 'phrase', text: 'acme corp' }],
      ['C++', { kind: 'phrase', text: 'c++' }],
      ['++', { kind: 'literal', text: '++' }],
      ['ＡＣＭＥ', word('acme')],
    ])('%s', (text, tree) => {
      expect(keywordQuery(text, 'exact')).toEqual(tree);
    });
  });

  describe('proximity', () => {
    it('is the word alone for a one-word keyword', () => {
      expect(keywordQuery('node.js', 'proximity')).toEqual({ kind: 'phrase', text: 'node.js' });
    });

    it('leaves at most 5 words between two words', () => {
      expect(keywordQuery('price tracking', 'proximity')).toEqual(
        near(word('price'), 5, word('tracking')),
      );
    });

    it('counts the tokens of a word with symbols into the window, and keeps it as written', () => {
      // window 3 + 5 = 8 tokens, of which node.js takes 2 and rocks 1
      expect(keywordQuery('node.js rocks', 'proximity')).toEqual(
        near({ kind: 'phrase', text: 'node.js' }, 5, word('rocks')),
      );
    });

    it('puts three words within one window of their tokens and 5 more', () => {
      expect(keywordQuery('best crm tool', 'proximity')).toEqual({
        kind: 'within',
        window: 8,
        operands: [word('best'), word('crm'), word('tool')],
      });
    });

    it('prints a window as the nearest query, each pair NEARed', () => {
      expect(printQuery(keywordQuery('best crm tool', 'proximity'))).toBe(
        'best NEAR/6 crm best NEAR/6 tool crm NEAR/6 tool',
      );
    });

    it('drops repeated words and words without letters, whose tokens still widen the window', () => {
      expect(keywordQuery('r & d r', 'proximity')).toEqual(near(word('r'), 6, word('d')));
      expect(keywordQuery('foo foo', 'proximity')).toEqual(word('foo'));
    });
  });

  describe('broad', () => {
    it('is the stem of a one-word keyword', () => {
      expect(keywordQuery('Tracking', 'broad')).toEqual(stem('tracking'));
    });

    it('wants the stems in one field, a word with symbols as written', () => {
      expect(keywordQuery('price tracking c++ price', 'broad')).toEqual({
        kind: 'within',
        window: null,
        operands: [stem('price'), stem('tracking'), { kind: 'phrase', text: 'c++' }],
      });
    });

    it('is the literal of a keyword without letters', () => {
      expect(keywordQuery('++ --', 'broad')).toEqual({ kind: 'literal', text: '++ --' });
    });

    it('prints as the nearest query, whole words for stems', () => {
      expect(printQuery(keywordQuery('price tracking', 'broad'))).toBe('price tracking');
    });
  });
});
