import { stemmer } from 'stemmer';

import { foldCase } from '../text/text-normalization.js';
import { tokenize, type TokenizedText } from '../text/tokenizer.js';

/**
 * One field of an item as the query evaluator reads it: the folded text and its tokens (as the
 * scanner cuts them), and on demand the tokens' stems and the case-kept (NFKC only) tokens.
 * Made only for items a query candidate reaches, so its strings cost nothing elsewhere.
 */
export class QueryText {
  readonly folded: TokenizedText;
  private tokenStems: string[] | null = null;
  private caseKept: TokenizedText | null = null;

  constructor(readonly raw: string) {
    this.folded = tokenize(foldCase(raw));
  }

  get stems(): readonly string[] {
    return (this.tokenStems ??= this.folded.tokens.map((token) => stemmer(token)));
  }

  get caseSensitive(): TokenizedText {
    return (this.caseKept ??= tokenize(this.raw.normalize('NFKC')));
  }
}
