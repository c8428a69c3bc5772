import { QueryError } from './query-error.js';
import {
  MAX_QUERY_CHARACTERS,
  MAX_QUERY_NESTING,
  MAX_QUERY_TERMS,
  parseQuery,
} from './query-parser.js';

function refusal(query: string): QueryError {
  try {
    parseQuery(query);
  } catch (error) {
    if (error instanceof QueryError) return error;
    throw error;
  }
  throw new Error('accepted');
}

/** Median wall time of a refusal, in milliseconds, over a few runs. */
function medianRefusalMs(query: string): number {
  const times: number[] = [];
  for (let run = 0; run < 7; run++) {
    const started = process.hrtime.bigint();
    refusal(query);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return times.sort((a, b) => a - b)[3];
}

describe('query limits', () => {
  it(`accepts ${MAX_QUERY_CHARACTERS} characters and refuses one more`, () => {
    const longest = 'a'.repeat(MAX_QUERY_CHARACTERS);
    expect(parseQuery(longest)).toEqual({ kind: 'word', text: longest });
    expect(refusal(`${longest}a`).message).toBe(
      'query: expected at most 1000 characters at character 1001',
    );
  });

  it('counts characters, not UTF-16 units', () => {
    const rockets = `"a${'🚀'.repeat(MAX_QUERY_CHARACTERS - 3)}"`;
    expect(rockets.length).toBeGreaterThan(MAX_QUERY_CHARACTERS);
    expect(parseQuery(rockets)).toMatchObject({ kind: 'phrase' });
    expect(refusal(`${rockets} `).message).toMatch(/at most 1000 characters at character 1001/);
  });

  it(`accepts ${MAX_QUERY_TERMS} terms and refuses one more`, () => {
    const terms = Array.from({ length: MAX_QUERY_TERMS }, (_, index) => `t${index}`);
    expect(parseQuery(terms.join(' '))).toMatchObject({ kind: 'and' });
    expect(refusal(`${terms.join(' ')} x`).message).toBe(
      `query: expected at most ${MAX_QUERY_TERMS} terms at character ${terms.join(' ').length + 2}`,
    );
  });

  it('counts item fields as terms', () => {
    const fields = Array.from({ length: MAX_QUERY_TERMS }, () => 'self:no');
    expect(refusal(`a ${fields.join(' ')}`).message).toMatch(/^query: expected at most 100 terms/);
  });

  it(`accepts ${MAX_QUERY_NESTING} levels of parentheses and refuses a ninth`, () => {
    const nested = (levels: number) => `${'('.repeat(levels)}a OR b${')'.repeat(levels)}`;
    expect(parseQuery(nested(MAX_QUERY_NESTING))).toMatchObject({ kind: 'or' });
    expect(refusal(nested(MAX_QUERY_NESTING + 1)).message).toBe(
      'query: expected at most 8 levels of parentheses at character 9',
    );
  });

  it('reads a long chain of negations without recursion', () => {
    expect(parseQuery(`${'-'.repeat(998)}a`)).toEqual({ kind: 'word', text: 'a' });
    expect(refusal(`${'-'.repeat(997)}a`).message).toMatch(/only negations/);
  });
});

describe('hostile queries are refused quickly', () => {
  const hostile: [string, string, RegExp][] = [
    ['deep nesting', `${'('.repeat(500)}a${')'.repeat(499)}`, /at most 8 levels of parentheses/],
    ['1,000 ORs', `${'a OR '.repeat(1000)}a`, /at most 1000 characters/],
    ['200 ORs within the length', `${'a OR '.repeat(199)}a`, /at most 100 terms/],
    ['a 100 KB string', 'acme '.repeat(20_000), /at most 1000 characters/],
    ['a 100 KB phrase', `"${'a'.repeat(100_000)}`, /at most 1000 characters/],
  ];

  it.each(hostile)('%s', (_, query, message) => {
    expect(refusal(query).message).toMatch(message);
    // A generous guard: the refusals take well under a millisecond.
    expect(medianRefusalMs(query)).toBeLessThan(10);
  });
});
