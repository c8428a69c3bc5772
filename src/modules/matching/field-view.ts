import type { StemCache } from './stem-cache.js';
import type { TokenizedText } from './tokenizer.js';

/** One folded, tokenised field of an item, plus the stems of its tokens when a rule asks. */
export class FieldView implements TokenizedText {
  readonly text: string;
  readonly tokens: string[];
  readonly starts: number[];
  readonly ends: number[];
  private stemSet: Set<string> | undefined;

  constructor(
    tokenized: TokenizedText,
    private readonly stemCache: StemCache,
  ) {
    this.text = tokenized.text;
    this.tokens = tokenized.tokens;
    this.starts = tokenized.starts;
    this.ends = tokenized.ends;
  }

  hasStem(stem: string): boolean {
    if (this.stemSet === undefined) {
      this.stemSet = new Set();
      for (const token of this.tokens) this.stemSet.add(this.stemCache.stem(token));
    }
    return this.stemSet.has(stem);
  }
}
