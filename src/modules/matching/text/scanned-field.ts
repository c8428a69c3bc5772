import type { FieldView } from './field-view.js';
import { grown } from '../index/grown-array.js';

/** Per term id, in `termStates`: the stamp of the last field it was noted or looked up in, ... */
const STAMP = 0;
/** ... and its last token position there (NONE: looked up and absent). */
const LAST = 1;
const STATE_INTS = 2;
const NONE = -1;
/** Stamps wrap around before overflowing the Int32Array that holds them. */
const MAX_STAMP = 0x7fffffff;
/** 32 words of 32 bits: UNNOTED term ids are kept by their id modulo 1024. */
const UNNOTED_WORDS = 32;

/**
 * A scanned field: its tokens and where each keyword term occurs, kept in typed arrays indexed
 * by token position or by term id, so scanning never touches a Term object or allocates.
 * Overwritten by the next scan.
 */
export class ScannedField implements FieldView {
  text = '';
  tokenCount = 0;
  starts = new Int32Array(256);
  ends = new Int32Array(256);
  tokenIds = new Int32Array(256);
  /** Ids of the distinct terms of the field that keywords are filed under alone. */
  anchorIds = new Int32Array(256);
  anchorCount = 0;
  /** Positions of tokens followed by a token that may complete a phrase anchor. */
  pairStarts = new Int32Array(64);
  pairCount = 0;
  /**
   * False when the field holds no `:/`, so no URL: the scan reads every character, and searching
   * the text for `://` again cost a tenth of matching an item once a query has a `site:`.
   */
  mayHoldUrl = false;
  /** Identifies the field among all fields scanned (term states hold the stamp of their last). */
  private stamp = 0;
  /** By token position: the previous occurrence of the same token, or NONE. */
  private previousPositions = new Int32Array(256);
  private termStates = new Int32Array(1024 * STATE_INTS);
  /**
   * The UNNOTED terms (only exclusion phrases use them) that occur, as a one-hash Bloom filter:
   * a clear bit says the term is absent, a set one that it may be there.
   */
  private readonly unnotedBits = new Int32Array(UNNOTED_WORDS);
  private hasUnnoted = false;

  occursIn(termId: number): boolean {
    return this.lastPosition(termId) !== NONE;
  }

  mayHold(termId: number): boolean {
    return (
      this.occursIn(termId) ||
      (this.unnotedBits[(termId >>> 5) & (UNNOTED_WORDS - 1)] & (1 << (termId & 31))) !== 0
    );
  }

  lastPosition(termId: number): number {
    const state = termId * STATE_INTS;
    return this.termStates[state + STAMP] === this.stamp
      ? this.termStates[state + LAST]
      : this.lookUp(termId);
  }

  previousPosition(position: number): number {
    return this.previousPositions[position];
  }

  /** Starts a new field; `termIdLimit` bounds the term ids it may meet. */
  reset(text: string, termIdLimit: number): void {
    this.text = text;
    this.tokenCount = 0;
    this.anchorCount = 0;
    this.pairCount = 0;
    this.mayHoldUrl = false;
    if (this.hasUnnoted) {
      this.unnotedBits.fill(0);
      this.hasUnnoted = false;
    }
    this.termStates = grown(this.termStates, termIdLimit * STATE_INTS);
    if (this.stamp === MAX_STAMP) {
      this.termStates.fill(0);
      this.stamp = 0;
    }
    this.stamp++;
  }

  addToken(start: number, end: number, tokenId: number): void {
    const position = this.tokenCount++;
    if (position === this.tokenIds.length) this.growTokenArrays();
    this.starts[position] = start;
    this.ends[position] = end;
    this.tokenIds[position] = tokenId;
    this.previousPositions[position] = NONE;
  }

  /** Records that the token at `position` is (token term) or stems to (stem term) `termId`. */
  noteTerm(termId: number, position: number, isTokenTerm: boolean, isAnchor: boolean): void {
    const state = termId * STATE_INTS;
    const states = this.termStates;
    if (states[state + STAMP] !== this.stamp) {
      states[state + STAMP] = this.stamp;
      if (isAnchor) this.addAnchor(termId);
    } else if (isTokenTerm) {
      this.previousPositions[position] = states[state + LAST];
    }
    states[state + LAST] = position;
  }

  /**
   * A term the scan did not note: a token term no keyword is filed under alone, read from the
   * token ids (chaining its occurrences as the scan chains a noted one's) the first time it is
   * asked for in the field and kept from then on; or a term absent from it.
   */
  private lookUp(termId: number): number {
    const { tokenIds, previousPositions } = this;
    let last = NONE;
    for (let position = 0; position < this.tokenCount; position++) {
      if (tokenIds[position] !== termId) continue;
      previousPositions[position] = last;
      last = position;
    }
    const state = termId * STATE_INTS;
    this.termStates[state + STAMP] = this.stamp;
    this.termStates[state + LAST] = last;
    return last;
  }

  /** Records that an UNNOTED term occurs (where is read from tokenIds when it matters). */
  noteUnnoted(termId: number): void {
    this.unnotedBits[(termId >>> 5) & (UNNOTED_WORDS - 1)] |= 1 << (termId & 31);
    this.hasUnnoted = true;
  }

  addPairStart(position: number): void {
    if (this.pairCount === this.pairStarts.length) {
      this.pairStarts = grown(this.pairStarts, this.pairCount + 1);
    }
    this.pairStarts[this.pairCount++] = position;
  }

  private addAnchor(termId: number): void {
    if (this.anchorCount === this.anchorIds.length) {
      this.anchorIds = grown(this.anchorIds, this.anchorCount + 1);
    }
    this.anchorIds[this.anchorCount++] = termId;
  }

  private growTokenArrays(): void {
    const length = this.tokenCount + 1;
    this.starts = grown(this.starts, length);
    this.ends = grown(this.ends, length);
    this.tokenIds = grown(this.tokenIds, length);
    this.previousPositions = grown(this.previousPositions, length);
  }
}
