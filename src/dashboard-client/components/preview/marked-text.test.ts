import { describe, expect, it } from 'vitest';
import { markedParts } from './marked-text';

describe('markedParts', () => {
  it('marks each span of the text, end exclusive, and keeps the rest as it is', () => {
    expect(
      markedParts('Acme CRM vs acme', [
        { start: 0, end: 4 },
        { start: 12, end: 16 },
      ]),
    ).toEqual([
      { text: 'Acme', marked: true },
      { text: ' CRM vs ', marked: false },
      { text: 'acme', marked: true },
    ]);
  });

  it('counts offsets in UTF-16 units, as the server does, so an emoji before a word moves it by 2', () => {
    expect(markedParts('🚀 acme <b>', [{ start: 3, end: 7 }])).toEqual([
      { text: '🚀 ', marked: false },
      { text: 'acme', marked: true },
      { text: ' <b>', marked: false },
    ]);
  });

  it('merges overlapping spans, sorts them, and clips those past the text', () => {
    expect(
      markedParts('one two three', [
        { start: 8, end: 40 },
        { start: 0, end: 3 },
        { start: 2, end: 7 },
        { start: 5, end: 5 },
      ]),
    ).toEqual([
      { text: 'one two', marked: true },
      { text: ' ', marked: false },
      { text: 'three', marked: true },
    ]);
  });

  it('keeps an excerpt around the first span of a long text, saying where it was cut', () => {
    const text = `${'a'.repeat(200)} acme ${'b'.repeat(200)}`;
    const parts = markedParts(text, [{ start: 201, end: 205 }], 100);
    expect(parts[0]).toEqual({ text: '…', marked: false });
    expect(parts.at(-1)).toEqual({ text: '…', marked: false });
    expect(parts.find((part) => part.marked)).toEqual({ text: 'acme', marked: true });
    expect(
      parts
        .slice(1, -1)
        .map((part) => part.text)
        .join(''),
    ).toHaveLength(100);
    expect(parts[1].text).toBe(`${'a'.repeat(59)} `);
  });

  it('never cuts an excerpt inside a surrogate pair', () => {
    const text = '😀'.repeat(100);
    const kept = markedParts(text, [{ start: 121, end: 123 }], 11)
      .map((part) => part.text)
      .join('');
    expect(kept).toMatch(/^…(😀)+…$/u);
  });
});
