import { foldCase } from './text-normalization.js';

describe('foldCase', () => {
  it('lower-cases ASCII text', () => {
    expect(foldCase('Acme CORP')).toBe('acme corp');
  });

  it('maps full-width letters to ASCII (NFKC)', () => {
    expect(foldCase('ＡＣＭＥ')).toBe('acme');
  });

  it('composes a letter and a combining accent (NFKC)', () => {
    expect(foldCase('CAFE\u0301')).toBe('café');
  });

  it('maps compatibility characters such as ligatures and non-breaking spaces', () => {
    expect(foldCase('ﬁne\u00a0print')).toBe('fine print');
  });
});
