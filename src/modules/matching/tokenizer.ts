import { isWordCodePoint } from './character-classes.js';

/** A text cut into words: maximal runs of word characters, with their UTF-16 offsets. */
export interface TokenizedText {
  readonly text: string;
  readonly tokens: string[];
  readonly starts: number[];
  /** Exclusive end offsets. */
  readonly ends: number[];
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function isAsciiWordCode(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x5a)
  );
}

export function tokenize(text: string): TokenizedText {
  const tokens: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  let tokenStart = -1;
  let index = 0;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    let width = 1;
    let isWord: boolean;
    if (code < 0x80) {
      isWord = isAsciiWordCode(code);
    } else if (isHighSurrogate(code) && isLowSurrogate(text.charCodeAt(index + 1))) {
      width = 2;
      isWord = isWordCodePoint(text.codePointAt(index) as number);
    } else {
      isWord = isWordCodePoint(code);
    }
    if (isWord) {
      if (tokenStart < 0) tokenStart = index;
    } else if (tokenStart >= 0) {
      tokens.push(text.slice(tokenStart, index));
      starts.push(tokenStart);
      ends.push(index);
      tokenStart = -1;
    }
    index += width;
  }
  if (tokenStart >= 0) {
    tokens.push(text.slice(tokenStart));
    starts.push(tokenStart);
    ends.push(text.length);
  }
  return { text, tokens, starts, ends };
}
