import { wordCharLength } from './character-classes.js';

/** A text cut into tokens: maximal runs of word characters, with their UTF-16 offsets. */
export interface TokenizedText {
  readonly text: string;
  readonly tokens: string[];
  readonly starts: number[];
  /** Exclusive end offsets. */
  readonly ends: number[];
}

export function tokenize(text: string): TokenizedText {
  const tokens: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  let index = 0;
  let code = text.charCodeAt(0);
  while (index < text.length) {
    let next = text.charCodeAt(index + 1);
    let length = wordCharLength(code, next);
    if (length === 0) {
      index++;
      code = next;
      continue;
    }
    const start = index;
    while (length > 0) {
      index += length;
      code = length === 2 ? text.charCodeAt(index) : next;
      next = text.charCodeAt(index + 1);
      length = index < text.length ? wordCharLength(code, next) : 0;
    }
    tokens.push(text.slice(start, index));
    starts.push(start);
    ends.push(index);
  }
  return { text, tokens, starts, ends };
}
