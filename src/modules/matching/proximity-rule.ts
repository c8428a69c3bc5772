import type { FieldView } from './field-view.js';
import type { MatchRule } from './match-rule.js';
import { phraseMatchesAt, type Phrase } from './phrase.js';

/** Extra text tokens a proximity window may hold beyond the keyword's own. */
export const PROXIMITY_SLACK = 5;

/**
 * `proximity` mode: every word of the keyword, in any order, inside a window of at most
 * n + 5 consecutive text tokens, n being the keyword's token count (its word count, unless a
 * word holds symbols: "node.js" is two tokens). Text tokens are runs of letters and digits,
 * so punctuation at word edges only separates: "corp,", "(corp)" and "corp's" all contain
 * the word "corp". A word with symbols ("c++", "node.js") must occur as written.
 */
export class ProximityRule implements MatchRule {
  readonly perField = false;
  private readonly anchorWord: Phrase;
  private readonly otherWords: readonly Phrase[];

  constructor(
    words: readonly Phrase[],
    private readonly window: number,
    anchorWordIndex: number,
    private readonly anchorOffset: number,
  ) {
    this.anchorWord = words[anchorWordIndex];
    this.otherWords = words.filter((_, index) => index !== anchorWordIndex);
  }

  matches(field: FieldView, anchorPosition: number): boolean {
    const start = anchorPosition - this.anchorOffset;
    if (!phraseMatchesAt(field, start, this.anchorWord)) return false;
    const end = start + this.anchorWord.tokens.length - 1;
    // Any qualifying window holds this anchor occurrence, so only its neighbourhood matters.
    const low = Math.max(0, end - this.window + 1);
    const high = Math.min(field.tokens.length - 1, start + this.window - 1);
    for (const word of this.otherWords) {
      if (!this.occursWithin(field, word, low, high)) return false;
    }
    const occurrences = this.otherWords.map((word) =>
      this.occurrencesWithin(field, word, low, high),
    );
    for (let windowStart = low; windowStart <= start; windowStart++) {
      const windowEnd = windowStart + this.window - 1;
      const allInside = this.otherWords.every((word, index) =>
        occurrences[index].some(
          (wordStart) =>
            wordStart >= windowStart && wordStart + word.tokens.length - 1 <= windowEnd,
        ),
      );
      if (allInside) return true;
    }
    return false;
  }

  /** A cheap first test, as most candidates fail it: does the word occur near the anchor at all? */
  private occursWithin(field: FieldView, word: Phrase, low: number, high: number): boolean {
    const first = word.tokens[0];
    for (let position = low; position + word.tokens.length - 1 <= high; position++) {
      if (field.tokens[position] === first && phraseMatchesAt(field, position, word)) return true;
    }
    return false;
  }

  private occurrencesWithin(field: FieldView, word: Phrase, low: number, high: number): number[] {
    const starts: number[] = [];
    const first = word.tokens[0];
    for (let position = low; position + word.tokens.length - 1 <= high; position++) {
      if (field.tokens[position] === first && phraseMatchesAt(field, position, word)) {
        starts.push(position);
      }
    }
    return starts;
  }
}
