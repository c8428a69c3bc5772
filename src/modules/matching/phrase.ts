import { separatorEndsAt, separatorEquals, separatorStartsAt } from './separator.js';
import { tokenize, type TokenizedText } from './tokenizer.js';

/**
 * A folded keyword (or one word of it) as a sequence of tokens (runs of word characters) and
 * the separators around them. "node.js rocks" is tokens [node, js, rocks], gaps [".", " "],
 * no prefix or suffix; "c++" is tokens [c] and suffix "++".
 *
 * Word boundaries come for free: text tokens are maximal runs of word characters, so a
 * phrase starting or ending with a letter or digit can only align with whole text tokens
 * ("acme" never matches inside "acmecorp"), while a leading or trailing symbol is just a
 * separator that must touch the match ("c++" matches "c++!", ".net" matches "asp.net").
 */
export interface Phrase {
  readonly tokens: readonly string[];
  readonly gaps: readonly string[];
  readonly prefix: string;
  readonly suffix: string;
}

/** Parses folded text whose whitespace runs are already collapsed to single spaces. */
export function parsePhrase(text: string): Phrase {
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
export function isBareToken(phrase: Phrase): boolean {
  return phrase.tokens.length === 1 && phrase.prefix === '' && phrase.suffix === '';
}

/** Whether the phrase occurs in the text with its first token at token index `start`. */
export function phraseMatchesAt(field: TokenizedText, start: number, phrase: Phrase): boolean {
  const { gaps } = phrase;
  const { text, tokens, starts, ends } = field;
  const last = start + phrase.tokens.length - 1;
  if (start < 0 || last >= tokens.length) return false;
  for (let offset = 0; offset < phrase.tokens.length; offset++) {
    if (tokens[start + offset] !== phrase.tokens[offset]) return false;
  }
  for (let offset = 0; offset < gaps.length; offset++) {
    const gapStart = ends[start + offset];
    const gapEnd = starts[start + offset + 1];
    if (!separatorEquals(text, gapStart, gapEnd, gaps[offset])) return false;
  }
  if (phrase.prefix !== '' && !separatorEndsAt(text, starts[start], phrase.prefix)) return false;
  return phrase.suffix === '' || separatorStartsAt(text, ends[last], phrase.suffix);
}

export function phraseOccursIn(field: TokenizedText, phrase: Phrase): boolean {
  const first = phrase.tokens[0];
  for (let index = 0; index < field.tokens.length; index++) {
    if (field.tokens[index] === first && phraseMatchesAt(field, index, phrase)) return true;
  }
  return false;
}
