import { storableText } from './storable-text.js';

describe('storableText', () => {
  it('removes U+0000 wherever it stands', () => {
    expect(storableText('\u0000acme\u0000 widget\u0000')).toBe('acme widget');
  });

  it('replaces lone surrogates and keeps paired ones', () => {
    expect(storableText('a\uD800b\uDC00c 😀')).toBe('a\uFFFDb\uFFFDc 😀');
  });

  it('leaves other control characters and ordinary text alone', () => {
    expect(storableText('tab\tnew\nline é')).toBe('tab\tnew\nline é');
  });
});
