import { tokenize } from './tokenizer.js';

describe('tokenize', () => {
  it('splits on whitespace and punctuation, keeping letters and digits together', () => {
    expect(tokenize('node.js v20, c++ & 3d!').tokens).toEqual(['node', 'js', 'v20', 'c', '3d']);
  });

  it('reports UTF-16 offsets of each token', () => {
    const { starts, ends } = tokenize('ab, cd');
    expect(starts).toEqual([0, 4]);
    expect(ends).toEqual([2, 6]);
  });

  it('treats accented and non-Latin letters as word characters', () => {
    expect(tokenize('café naïve привет 東京').tokens).toEqual(['café', 'naïve', 'привет', '東京']);
  });

  it('keeps combining marks inside the word', () => {
    expect(tokenize('cafe\u0301 हिंदी').tokens).toEqual(['cafe\u0301', 'हिंदी']);
  });

  it('separates words at emoji and keeps offsets right after text outside the BMP', () => {
    const text = '🚀go🎉 now';
    const { tokens, starts } = tokenize(text);
    expect(tokens).toEqual(['go', 'now']);
    expect(starts.map((start, index) => text.slice(start, start + tokens[index].length))).toEqual(
      tokens,
    );
  });

  it('reads letters outside the BMP as word characters', () => {
    expect(tokenize('x 𝒳y z').tokens).toEqual(['x', '𝒳y', 'z']);
  });

  it('returns no tokens for text without letters or digits', () => {
    expect(tokenize(' ++ -- 🎉 ').tokens).toEqual([]);
  });
});
