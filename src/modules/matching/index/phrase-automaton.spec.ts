import fc from 'fast-check';
import type { FieldView } from '../text/field-view.js';
import { PhraseAutomaton } from './phrase-automaton.js';
import { PhraseSearchRule } from '../rules/phrase-search-rule.js';

function found(phrases: string[], text: string): number[] {
  const automaton = new PhraseAutomaton(phrases.map((phrase, id) => [id, phrase] as const));
  const ids = new Set<number>();
  automaton.forEachOccurrence(text, (id) => ids.add(id));
  return [...ids].sort((a, b) => a - b);
}

describe('PhraseAutomaton', () => {
  it('finds every phrase that occurs, overlapping ones and suffixes of others included', () => {
    expect(found(['++', '+++', 'c', '-->', '->', '>>'], 'a c+++ x-->>')).toEqual([
      0, 1, 2, 3, 4, 5,
    ]);
    expect(found(['++', '$$'], 'c+ and $ only')).toEqual([]);
  });

  it('reads a run of any whitespace as the one space of a phrase', () => {
    const phrases = ['$ $', '! ?'];
    expect(found(phrases, 'cost $\t\n  $ total')).toEqual([0]);
    expect(found(phrases, 'no space $$ here, !? either')).toEqual([]);
    expect(found(phrases, 'odd spaces !\u00a0\u2003?')).toEqual([1]);
  });

  it("finds a query literal's folded letters in text read unfolded, ASCII letters in any case", () => {
    expect(found(['c++20', 'acme.io'], 'C++20 on ACME.io')).toEqual([0, 1]);
    expect(found(['c++20'], 'c++ 20')).toEqual([]);
  });

  it('starts over after a character no phrase holds', () => {
    expect(found(['+-+'], '+-x+-+')).toEqual([0]);
    expect(found(['+-+'], '+-x+')).toEqual([]);
  });

  it('finds phrases of characters outside the basic plane', () => {
    expect(found(['🚀🚀', '→'], 'launch 🚀🚀 now')).toEqual([0]);
  });

  it('agrees with a regular-expression search of each phrase (property)', () => {
    const symbols = ['+', '#', '$', '.', '-', '>', '€', '🚀'];
    const phrase = fc
      .array(fc.constantFrom(...symbols, ' '), { minLength: 1, maxLength: 5 })
      .map((chars) => chars.join('').replace(/ +/g, ' ').trim())
      .filter((text) => text.length > 0);
    const text = fc
      .array(fc.constantFrom(...symbols, 'a', 'Z', '7', ' ', '\t', '\n', '\u00a0'), {
        maxLength: 60,
      })
      .map((chars) => chars.join(''));
    fc.assert(
      fc.property(
        fc.uniqueArray(phrase, { minLength: 1, maxLength: 12 }),
        text,
        (phrases, body) => {
          const expected = phrases.flatMap((p, id) =>
            new PhraseSearchRule(p).matches({ text: body } as FieldView) ? [id] : [],
          );
          expect(found(phrases, body)).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});
