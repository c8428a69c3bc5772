import { describe, expect, it } from 'vitest';
import { checkQueryText, type QueryPart } from './query-check';

/** The coloured parts, whitespace left out, as `kind:text`. */
const coloured = (query: string) =>
  checkQueryText(query)
    .parts.filter((part) => part.kind !== null)
    .map((part: QueryPart) => `${part.kind}:${part.text}`);

describe('checkQueryText', () => {
  it('colours each kind of token, and finds nothing wrong in a valid query', () => {
    const check = checkQueryText(
      'title:(plug* OR "switch from") -sub:(rust,go) {ACME} `c++20` a NEAR/3 b score:>=25',
    );
    expect(check.problem).toBeNull();
    expect(coloured(check.parts.map((part) => part.text).join(''))).toEqual([
      'field:title:',
      'paren:(',
      'prefix:plug*',
      'operator:OR',
      'phrase:"switch from"',
      'paren:)',
      'operator:-',
      'field:sub:',
      'value:(rust,go)',
      'case:{ACME}',
      'literal:`c++20`',
      'term:a',
      'operator:NEAR/3',
      'term:b',
      'field:score:',
      'value:>=25',
    ]);
  });

  it("gives the parser's message and marks the end when a term is missing there", () => {
    const check = checkQueryText('acme OR price OR');
    expect(check.problem).toEqual({
      message: 'query: expected a term after OR at character 17',
      position: 17,
      offset: 16,
    });
    expect(check.parts.at(-1)).toEqual({ text: '', kind: 'error' });
    expect(coloured('acme OR price OR')).toEqual([
      'term:acme',
      'operator:OR',
      'term:price',
      'operator:OR',
      'error:',
    ]);
  });

  it('marks the token a refusal points at, and keeps colouring the rest', () => {
    expect(coloured('(acme OR b')).toEqual(['error:(', 'term:acme', 'operator:OR', 'term:b']);
    expect(coloured('acme NEAR/99 b')).toEqual(['term:acme', 'error:NEAR/99', 'term:b']);
  });

  it('marks everything from where the lexer stopped reading', () => {
    expect(coloured('acme OR "crm tools')).toEqual([
      'term:acme',
      'operator:OR',
      'error:"crm tools',
    ]);
    expect(checkQueryText('acme OR "crm tools').problem?.message).toBe(
      'query: expected a closing " for this phrase at character 9',
    );
  });

  it('counts characters, not UTF-16 units, as the message does', () => {
    // 𝒜 (U+1D49C) is a letter written with two UTF-16 units.
    const check = checkQueryText('𝒜𝒜 pl* launch');
    expect(check.problem).toMatchObject({ position: 4, offset: 5 });
    expect(coloured('𝒜𝒜 pl* launch')).toEqual(['term:𝒜𝒜', 'error:pl*', 'term:launch']);
  });

  it('marks what lies past 1,000 characters', () => {
    const query = `${'acme '.repeat(200)}extra words`;
    const check = checkQueryText(query);
    expect(check.problem?.message).toBe(
      'query: expected at most 1000 characters at character 1001',
    );
    expect(check.parts.at(-1)).toEqual({ text: 'extra words', kind: 'error' });
    expect(check.parts.filter((part) => part.kind === 'term')).toHaveLength(200);
  });

  it('keeps every character of the query, in order, whatever is typed', () => {
    const queries = [
      '',
      '   ',
      '-',
      'a OR',
      'sub:',
      'title:',
      '((a)',
      'a)',
      '{a',
      '`x',
      'foo:bar',
      'x'.repeat(1001),
      'NEAR/3',
      'a\tOR\nb',
      '"a" "b',
      'sub:(a,',
      '🚀🚀 OR',
    ];
    for (const query of queries) {
      expect(
        checkQueryText(query)
          .parts.map((part) => part.text)
          .join(''),
      ).toBe(query);
    }
  });
});
