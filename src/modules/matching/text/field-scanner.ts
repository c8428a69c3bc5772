import { wordCharLength } from './character-classes.js';
import type { PairFilter } from '../index/pair-filter.js';
import { ScannedField } from './scanned-field.js';
import {
  FOLLOWS,
  FOLLOWS_SHIFT,
  HAS_PER_FIELD,
  HAS_POSITIONAL,
  type TermTable,
} from '../index/term-table.js';
import { foldCase, foldsLikeAscii } from './text-normalization.js';
import type { TokenTable } from '../index/token-table.js';

const FNV_OFFSET_BASIS = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;
/** OR-ed into an ASCII letter or digit code, lower-cases it (see TokenTable.resolve). */
const ASCII_LOWER_CASE_MASK = 0x20;
const COLON = 0x3a;
const SLASH = 0x2f;

/** FNV-1a over UTF-16 code units of a folded token: the hash TokenTable.resolve expects. */
export function tokenHash(token: string): number {
  let hash = FNV_OFFSET_BASIS;
  for (let index = 0; index < token.length; index++) {
    hash = Math.imul(hash ^ token.charCodeAt(index), FNV_PRIME);
  }
  return hash;
}

/**
 * Tokenises a field (the tokens of `tokenize(foldCase(text))`) and resolves each token to its
 * keyword terms in the same pass. Text that folds like ASCII (most of Reddit) is lower-cased as it
 * is read instead of copied.
 */
export class FieldScanner {
  /** One field per slot, so the fields of one item can be scanned and then read together. */
  private readonly fields: ScannedField[] = [];

  constructor(
    private readonly tokenTable: TokenTable,
    private readonly terms: TermTable,
    private readonly pairs: PairFilter,
  ) {}

  /** The returned field is overwritten by the next scan into the same slot. */
  scan(rawText: string, slot = 0): ScannedField {
    const inPlace = foldsLikeAscii(rawText);
    const text = inPlace ? rawText : foldCase(rawText);
    const caseMask = inPlace ? ASCII_LOWER_CASE_MASK : 0;
    const field = (this.fields[slot] ??= new ScannedField());
    field.reset(text);
    this.tokenTable.syncTerms();
    const candidateKinds = this.terms.candidateKinds;
    const hasPrefixes = this.terms.hasPrefixes;
    let previousTokenId = 0;
    let previousKinds = 0;
    const length = text.length;
    let index = 0;
    let code = length > 0 ? text.charCodeAt(0) : 0;
    while (index < length) {
      // Reads stay inside the text: an out-of-bounds read would deoptimise the loop.
      let next = index + 1 < length ? text.charCodeAt(index + 1) : 0;
      let width = wordCharLength(code, next);
      if (width === 0) {
        // Folding keeps ASCII as it is, so a folded text holds every `:/` its raw text does.
        if (code === COLON && next === SLASH) field.mayHoldUrl = true;
        index++;
        code = next;
        continue;
      }
      const start = index;
      let hash = FNV_OFFSET_BASIS;
      while (width > 0) {
        hash = Math.imul(hash ^ (code | caseMask), FNV_PRIME);
        if (width === 2) hash = Math.imul(hash ^ next, FNV_PRIME);
        index += width;
        code = width === 1 ? next : index < length ? text.charCodeAt(index) : 0;
        next = index + 1 < length ? text.charCodeAt(index + 1) : 0;
        width = index < length ? wordCharLength(code, next) : 0;
      }
      const slot = this.tokenTable.resolve(text, start, index, hash, caseMask);
      const tokenId = this.tokenTable.tokenTermId(slot);
      const stemId = this.tokenTable.stemTermId(slot);
      const position = field.tokenCount;
      field.addToken(start, index, tokenId);
      // Most tokens are no term or neither anchor nor pair: the kinds of id 0 are 0, so no
      // branch asks which (on text where most tokens are terms, it was taken at random).
      const kinds = candidateKinds[tokenId];
      // Only anchors are noted as they come: any other token term is looked up if asked for
      // (an UNNOTED one, which only exclusion phrases use, is no anchor and follows none).
      if ((kinds & (HAS_PER_FIELD | HAS_POSITIONAL)) !== 0) {
        field.noteTerm(tokenId, position, true, true);
      }
      if (
        ((previousKinds << FOLLOWS_SHIFT) & kinds & FOLLOWS) !== 0 &&
        this.pairs.mayContain(previousTokenId, tokenId)
      ) {
        field.addPairStart(position - 1);
      }
      // Stem and prefix terms only ever hold per-field keywords (broad mode, queries).
      if (stemId !== 0) field.noteTerm(stemId, position, false, candidateKinds[stemId] !== 0);
      if (hasPrefixes) {
        const prefixIds = this.tokenTable.prefixTermIds;
        for (let at = this.tokenTable.prefixListOf(slot); at !== 0 && prefixIds[at] !== 0; at++) {
          const prefixId = prefixIds[at];
          field.noteTerm(prefixId, position, false, candidateKinds[prefixId] !== 0);
        }
      }
      previousTokenId = tokenId;
      previousKinds = kinds;
    }
    return field;
  }
}
