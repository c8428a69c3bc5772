import fc from 'fast-check';

import { FieldScanner, tokenHash } from './field-scanner.js';
import { PairFilter } from '../index/pair-filter.js';
import { HAS_PER_FIELD, HAS_POSITIONAL, TermTable } from '../index/term-table.js';
import { foldCase } from './text-normalization.js';
import { TokenTable } from '../index/token-table.js';
import { tokenize } from './tokenizer.js';

function scannerWith(...tokens: string[]) {
  const terms = new TermTable();
  const ids = tokens.map((token) => terms.acquire('token', token).id);
  const tokenTable = new TokenTable(terms);
  return { scanner: new FieldScanner(tokenTable, terms, new PairFilter()), tokenTable, terms, ids };
}

function scannedTokens(scanner: FieldScanner, text: string): string[] {
  const field = scanner.scan(text);
  return Array.from({ length: field.tokenCount }, (_, index) =>
    foldCase(field.text.slice(field.starts[index], field.ends[index])),
  );
}

describe('FieldScanner', () => {
  it.each([
    ['ASCII text with upper case', 'Hello, WORLD: node.js v20 & C++!'],
    ['text needing NFKC', 'ＡＣＭＥ ﬁne CAFÉ'],
    ['text with emoji and letters outside the BMP', '🚀go🎉 𝒳y, привет'],
  ])('cuts %s into the tokens tokenize finds in the folded text', (_, text) => {
    const { scanner } = scannerWith();
    expect(scannedTokens(scanner, text)).toEqual(tokenize(foldCase(text)).tokens);
  });

  it('says a field may hold a URL wherever a `:/` is, in folded text too', () => {
    const { scanner } = scannerWith();
    expect(scanner.scan('see https://acme.io/x for it').mayHoldUrl).toBe(true);
    expect(scanner.scan('https:/').mayHoldUrl).toBe(true);
    expect(scanner.scan('time: 10/12, path / or : here').mayHoldUrl).toBe(false);
    expect(scanner.scan('plain words').mayHoldUrl).toBe(false);
    expect(scanner.scan('Café, no link').mayHoldUrl).toBe(false);
    expect(scanner.scan('Café: HTTPS://Café.example').mayHoldUrl).toBe(true);
    expect(scanner.scan('ＨＴＴＰＳ：／／acme.io').mayHoldUrl).toBe(true);
  });

  it('never says a field holds no URL when its raw text has a `:/`, folded or not', () => {
    const { scanner } = scannerWith();
    const pieces = fc.constantFrom(
      ':',
      '/',
      '://',
      'https',
      'Ｈ',
      '：',
      '／',
      'é',
      'ﬁ',
      '🚀',
      ' ',
      'x',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        if (text.includes(':/')) expect(scanner.scan(text).mayHoldUrl).toBe(true);
      }),
    );
  });

  it('resolves upper-case ASCII tokens to the term of their lower-case form', () => {
    const { scanner, ids } = scannerWith('acme');
    const field = scanner.scan('ACME and Acme and acme');
    expect(Array.from(field.tokenIds.subarray(0, field.tokenCount))).toEqual([
      ids[0],
      0,
      ids[0],
      0,
      ids[0],
    ]);
  });

  it('finds where a term no keyword is filed under occurs when asked, chaining its positions', () => {
    const { scanner, ids } = scannerWith('acme', 'crm');
    const field = scanner.scan('acme x crm acme');
    expect(field.anchorCount).toBe(0);
    expect(field.lastPosition(ids[0])).toBe(3);
    expect(field.previousPosition(3)).toBe(0);
    expect(field.previousPosition(0)).toBe(-1);
    expect(field.occursIn(ids[0])).toBe(true);
    expect(field.occursIn(ids[1])).toBe(true);
    expect(scanner.scan('x crm').occursIn(ids[0])).toBe(false);
  });

  it('notes the anchors as it scans: each once, in order, with their positions chained', () => {
    const { scanner, terms, ids } = scannerWith('acme', 'crm', 'other');
    terms.candidateKinds[ids[0]] = HAS_POSITIONAL;
    terms.candidateKinds[ids[1]] = HAS_PER_FIELD;
    const field = scanner.scan('crm acme other acme crm');
    expect(Array.from(field.anchorIds.subarray(0, field.anchorCount))).toEqual([ids[1], ids[0]]);
    expect(field.lastPosition(ids[0])).toBe(3);
    expect(field.previousPosition(3)).toBe(1);
    expect(field.lastPosition(ids[1])).toBe(4);
    expect(field.lastPosition(ids[2])).toBe(2);
  });

  it('keeps the positions of many terms in one field, and none of them in the next', () => {
    const words = Array.from({ length: 3_000 }, (_, index) => `w${index}`);
    const { scanner, terms, ids } = scannerWith(...words);
    for (const id of ids.filter((_, index) => index % 2 === 0)) {
      terms.candidateKinds[id] = HAS_PER_FIELD;
    }
    const field = scanner.scan([...words, ...words.slice(0, 10)].join(' '));
    expect(field.anchorCount).toBe(1_500);
    expect(ids.map((id) => field.lastPosition(id))).toEqual(
      words.map((_, index) => (index < 10 ? 3_000 + index : index)),
    );
    expect(field.previousPosition(3_005)).toBe(5);
    const next = scanner.scan('w7 and w2999');
    expect(ids.filter((id) => next.occursIn(id))).toEqual([ids[7], ids[2999]]);
    expect(next.lastPosition(ids[2999])).toBe(2);
  });

  it('keeps the id of a term only exclusions use, and finds it from there', () => {
    const terms = new TermTable();
    const zeta = terms.acquire('token', 'zeta', false).id;
    const scanner = new FieldScanner(new TokenTable(terms), terms, new PairFilter());
    const field = scanner.scan('Zeta x zeta');
    expect(Array.from(field.tokenIds.subarray(0, field.tokenCount))).toEqual([zeta, 0, zeta]);
    expect(field.occursIn(zeta)).toBe(true);
    expect(scanner.scan('other words').occursIn(zeta)).toBe(false);
  });

  it('forgets the previous field', () => {
    const { scanner, ids } = scannerWith('acme');
    scanner.scan('acme');
    expect(scanner.scan('other words').occursIn(ids[0])).toBe(false);
  });

  it('hashes tokens as tokenHash does, upper-case ASCII and folded text alike', () => {
    const { scanner, tokenTable } = scannerWith();
    scanner.scan('ACME café');
    const known = tokenTable.size;
    tokenTable.resolve('acme', 0, 4, tokenHash('acme'), 0);
    tokenTable.resolve('café', 0, 4, tokenHash('café'), 0);
    expect(tokenTable.size).toBe(known);
  });
});
