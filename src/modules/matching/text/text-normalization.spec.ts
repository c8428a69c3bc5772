import { foldCase, foldsLikeAscii } from './text-normalization.js';

function lowerAsciiLetters(text: string): string {
  return text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

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

describe('foldsLikeAscii', () => {
  it('holds for ASCII text', () => {
    expect(foldsLikeAscii('Hello, World! 42')).toBe(true);
  });

  it('holds for text whose other characters are emoji and curly quotes', () => {
    expect(foldsLikeAscii('It’s “great” 🚀🎉👍🏽 — really')).toBe(true);
  });

  it.each([
    ['an accented letter', 'café'],
    ['a full-width letter', 'Ａcme'],
    ['a mathematical letter outside the BMP', 'x 𝒳'],
    ['a ligature', 'ﬁne'],
    ['a vulgar fraction', '½ price'],
    ['a trade mark sign', 'acme™'],
    ['a non-breaking space', 'acme\u00a0corp'],
    ['a combining mark', 'a = \u0338 b'],
  ])('does not hold for text with %s', (_, text) => {
    expect(foldsLikeAscii(text)).toBe(false);
  });

  it('is only true of text whose folding lower-cases its ASCII letters and nothing else', () => {
    const inert: string[] = [];
    for (let codePoint = 0x80; codePoint <= 0x1faff; codePoint++) {
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
      const character = String.fromCodePoint(codePoint);
      if (foldsLikeAscii(character)) inert.push(character);
    }
    let random = 7;
    const next = (limit: number): number => {
      random = (Math.imul(random, 1103515245) + 12345) >>> 0;
      return random % limit;
    };
    for (let sample = 0; sample < 5000; sample++) {
      let text = '';
      for (let index = 0; index < 12; index++) {
        text += next(3) === 0 ? inert[next(inert.length)] : String.fromCharCode(0x20 + next(0x5f));
      }
      expect(foldsLikeAscii(text)).toBe(true);
      expect(foldCase(text)).toBe(lowerAsciiLetters(text));
    }
    expect(inert.length).toBeGreaterThan(1000);
  });
});
