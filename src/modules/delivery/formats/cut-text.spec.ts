import { cutOnWord, fitEscaped } from './cut-text.js';

describe('cutting text for a chat message', () => {
  it('leaves a text that fits as it is', () => {
    expect(cutOnWord('short enough', 12)).toBe('short enough');
  });

  it('cuts on the last word boundary that fits, with an ellipsis', () => {
    expect(cutOnWord('the quick brown fox jumps', 16)).toBe('the quick brown…');
  });

  it('cuts Japanese, which has no spaces, between words', () => {
    const cut = cutOnWord('これは日本語のテキストです', 8);
    expect(cut).toBe('これは日本語の…');
  });

  it('cuts a word longer than half the room between characters, never inside an emoji', () => {
    const cut = cutOnWord(`a ${'👩‍👩‍👧'.repeat(10)}`, 20);
    expect(cut.length).toBeLessThanOrEqual(20);
    expect(cut.endsWith('👩‍👩‍👧…')).toBe(true);
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('keeps right-to-left text whole words', () => {
    expect(cutOnWord('שלום עולם ומה שלומכם היום', 12)).toBe('שלום עולם…');
  });

  it('fits a text once escaped, cutting before the escape that would not fit', () => {
    const escape = (text: string) => text.replace(/&/g, '&amp;');
    const fitted = fitEscaped('fish & chips & peas & more', 20, escape);
    expect(fitted.length).toBeLessThanOrEqual(20);
    expect(fitted).toBe('fish &amp; chips…');
  });
});
