import { isWhitespaceCode } from './character-classes.js';

/*
 * A separator is the non-word text of a keyword around or between its words, with every
 * whitespace run collapsed to one space. Each space of a separator matches any run of
 * whitespace in the text; every other character matches itself.
 */

const SPACE = 0x20;

export function separatorEquals(
  text: string,
  from: number,
  to: number,
  separator: string,
): boolean {
  let index = from;
  for (let position = 0; position < separator.length; position++) {
    const expected = separator.charCodeAt(position);
    if (index >= to) return false;
    const actual = text.charCodeAt(index);
    if (expected === SPACE) {
      if (!isWhitespaceCode(actual)) return false;
      do index++;
      while (index < to && isWhitespaceCode(text.charCodeAt(index)));
    } else {
      if (actual !== expected) return false;
      index++;
    }
  }
  return index === to;
}

export function separatorEndsAt(text: string, end: number, separator: string): boolean {
  return separatorStartBefore(text, end, separator) >= 0;
}

/** Where the separator that ends at `end` starts in the text, or -1 when none ends there. */
export function separatorStartBefore(text: string, end: number, separator: string): number {
  let index = end - 1;
  for (let position = separator.length - 1; position >= 0; position--) {
    const expected = separator.charCodeAt(position);
    if (index < 0) return -1;
    const actual = text.charCodeAt(index);
    if (expected === SPACE) {
      if (!isWhitespaceCode(actual)) return -1;
      do index--;
      while (index >= 0 && isWhitespaceCode(text.charCodeAt(index)));
    } else {
      if (actual !== expected) return -1;
      index--;
    }
  }
  return index + 1;
}

export function separatorStartsAt(text: string, start: number, separator: string): boolean {
  return separatorEndAfter(text, start, separator) >= 0;
}

/** Where the separator that starts at `start` ends in the text, or -1 when none starts there. */
export function separatorEndAfter(text: string, start: number, separator: string): number {
  let index = start;
  for (let position = 0; position < separator.length; position++) {
    const expected = separator.charCodeAt(position);
    if (index >= text.length) return -1;
    const actual = text.charCodeAt(index);
    if (expected === SPACE) {
      if (!isWhitespaceCode(actual)) return -1;
      do index++;
      while (index < text.length && isWhitespaceCode(text.charCodeAt(index)));
    } else {
      if (actual !== expected) return -1;
      index++;
    }
  }
  return index;
}
