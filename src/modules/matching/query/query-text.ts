import { stemmer } from 'stemmer';

import type { TermTable } from '../index/term-table.js';
import type { ScannedField } from '../text/scanned-field.js';
import { foldCase } from '../text/text-normalization.js';
import { tokenize, type TokenizedText } from '../text/tokenizer.js';

/** Tokens up to which a look-up reads the tokens rather than make a set of them. */
const SHORT_FIELD_TOKENS = 64;

/** A field the matcher has scanned, and the terms its token ids refer to. */
export interface ScannedText {
  readonly field: ScannedField;
  readonly terms: TermTable;
}

/**
 * One field of an item as the query evaluator reads it: the folded text and its tokens (as the
 * scanner cuts them), and on demand the tokens' stems and the case-kept (NFKC only) tokens.
 * Made only for items a query candidate reaches, so its strings cost nothing elsewhere; the
 * folded tokens are cut only when a term cannot be read from the scan (term-spans.ts).
 */
export class QueryText {
  private foldedText: TokenizedText | null = null;
  private tokenStems: string[] | null = null;
  private caseKept: TokenizedText | null = null;
  private tokenSet: Set<string> | null = null;

  constructor(
    readonly raw: string,
    /** The matcher's scan of the field, where words it holds as terms are looked up by id. */
    readonly scanned: ScannedText | null = null,
  ) {}

  get folded(): TokenizedText {
    return (this.foldedText ??= tokenize(foldCase(this.raw)));
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
