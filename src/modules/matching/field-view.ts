import type { TokenInfo } from './token-cache.js';
import type { TokenizedText } from './tokenizer.js';

/** One folded, tokenised field of an item, with what the index knows about each token. */
export class FieldView implements TokenizedText {
  readonly text: string;
  readonly tokens: string[];
  readonly starts: number[];
  readonly ends: number[];
  private stems: Set<string> | undefined;

  constructor(
    tokenized: TokenizedText,
    readonly tokenInfos: readonly TokenInfo[],
  ) {
    this.text = tokenized.text;
    this.tokens = tokenized.tokens;
    this.starts = tokenized.starts;
    this.ends = tokenized.ends;
  }

  hasStem(stem: string): boolean {
    this.stems ??= new Set(this.tokenInfos.map((info) => info.stem));
    return this.stems.has(stem);
  }
}
