import { tokenize } from './tokenizer.js';

/**
 * A folded keyword (or one word of it) as a sequence of tokens (runs of word characters) and
 * the separators around them. "node.js rocks" is tokens [node, js, rocks], gaps [".", " "],
 * no prefix or suffix; "c++" is tokens [c] and suffix "++".
 */
export interface ParsedPhrase {
  readonly tokens: readonly string[];
  readonly gaps: readonly string[];
  readonly prefix: string;
  readonly suffix: string;
}

/** Parses folded text whose whitespace runs are already collapsed to single spaces. */
export function parsePhrase(text: string): ParsedPhrase {
  const { tokens, starts, ends } = tokenize(text);
  if (tokens.length === 0) return { tokens: [], gaps: [], prefix: text, suffix: '' };
  const gaps = tokens.slice(1).map((_, index) => text.slice(ends[index], starts[index + 1]));
  return {
    tokens,
    gaps,
    prefix: text.slice(0, starts[0]),
    suffix: text.slice(ends[ends.length - 1]),
  };
}

/** A phrase that is one bare token, which token equality alone decides. */
export function isBareToken(phrase: ParsedPhrase): boolean {
  return phrase.tokens.length === 1 && phrase.prefix === '' && phrase.suffix === '';
}
