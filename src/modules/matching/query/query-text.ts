import { stemmer } from 'stemmer';

import { foldCase } from '../text/text-normalization.js';
import { tokenize, type TokenizedText } from '../text/tokenizer.js';

/** Tokens up to which a look-up reads the tokens rather than make a set of them. */
const SHORT_FIELD_TOKENS = 64;

/**
 * One field of an item as the query evaluator reads it: the folded text and its tokens (as the
 * scanner cuts them), and on demand the tokens' stems and the case-kept (NFKC only) tokens.
 * Made only for items a query candidate reaches, so its strings cost nothing elsewhere.
 */
export class QueryText {
  readonly folded: TokenizedText;
  private tokenStems: string[] | null = null;
  private caseKept: TokenizedText | null = null;
  private tokenSet: Set<string> | null = null;

  constructor(readonly raw: string) {
    this.folded = tokenize(foldCase(raw));
  }

  /**
   * Whether a (folded) token occurs: most terms are ruled out by their first word. A short
   * field (most comments) is read through, a longer one through a set made on first use.
   */
  has(token: string): boolean {
    const { tokens } = this.folded;
    if (tokens.length <= SHORT_FIELD_TOKENS) return tokens.includes(token);
    return (this.tokenSet ??= new Set(tokens)).has(token);
  }

  get stems(): readonly string[] {
    return (this.tokenStems ??= this.folded.tokens.map((token) => stemmer(token)));
  }

  get caseSensitive(): TokenizedText {
    return (this.caseKept ??= tokenize(this.raw.normalize('NFKC')));
  }
}
