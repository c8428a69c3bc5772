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
  const length = text.length;
  let index = 0;
  let code = length > 0 ? text.charCodeAt(0) : 0;
  while (index < length) {
    // Reads stay inside the text: an out-of-bounds read would deoptimise the loop.
    let next = index + 1 < length ? text.charCodeAt(index + 1) : 0;
    let width = wordCharLength(code, next);
    if (width === 0) {
      index++;
      code = next;
      continue;
    }
    const start = index;
    while (width > 0) {
      index += width;
      code = width === 1 ? next : index < length ? text.charCodeAt(index) : 0;
      next = index + 1 < length ? text.charCodeAt(index + 1) : 0;
      width = index < length ? wordCharLength(code, next) : 0;
    }
    tokens.push(text.slice(start, index));
    starts.push(start);
    ends.push(index);
  }
  return { text, tokens, starts, ends };
}
