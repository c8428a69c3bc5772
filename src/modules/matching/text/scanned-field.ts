import type { FieldView } from './field-view.js';
import { grown } from '../index/grown-array.js';

/*
 * The field's terms, in a small open-addressing table of its own (linear probing) rather than in
 * an array by term id: a field holds a few dozen of the index's tens of thousands of terms, and a
 * table of them all spread each field's reads and writes over as many cache lines. A slot is
 * [stamp of the field it was filled in, term id, last token position (NONE: looked up, absent)].
 */
const STAMP = 0;
const TERM = 1;
const LAST = 2;
const SLOT_INTS = 3;
const INITIAL_SLOT_BITS = 7;
/** A table grown past 1,024 slots (12 KiB) starts afresh with the next field. */
const KEPT_SLOT_BITS = 10;
const NONE = -1;
/** Stamps wrap around before overflowing the Int32Array that holds them. */
const MAX_STAMP = 0x7fffffff;

/**
 * A scanned field: its tokens and where each keyword term occurs, kept in typed arrays indexed
 * by token position and in a small table of its terms, so scanning never touches a Term object
 * or allocates. Overwritten by the next scan.
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
  /** Identifies the field among all fields scanned (a term slot holds the stamp of its field). */
  private stamp = 0;
  /** By token position: the previous occurrence of the same token, or NONE. */
  private previousPositions = new Int32Array(256);
  private termSlots = new Int32Array((1 << INITIAL_SLOT_BITS) * SLOT_INTS);
  private slotBits = INITIAL_SLOT_BITS;
  private termCount = 0;

  occursIn(termId: number): boolean {
    return this.lastPosition(termId) !== NONE;
  }

  lastPosition(termId: number): number {
    const slot = this.slotOf(termId);
    return this.termSlots[slot + STAMP] === this.stamp
      ? this.termSlots[slot + LAST]
      : this.lookUp(termId, slot);
  }

  previousPosition(position: number): number {
    return this.previousPositions[position];
  }

  /** Starts a new field. */
  reset(text: string): void {
    this.text = text;
    this.tokenCount = 0;
    this.anchorCount = 0;
    this.pairCount = 0;
    this.mayHoldUrl = false;
    this.termCount = 0;
    if (this.slotBits > KEPT_SLOT_BITS) {
      // A very long field grew the table: a short one's few terms would be spread over all of it.
      this.slotBits = INITIAL_SLOT_BITS;
      this.termSlots = new Int32Array((1 << INITIAL_SLOT_BITS) * SLOT_INTS);
    }
    if (this.stamp === MAX_STAMP) {
      this.termSlots.fill(0);
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
    const slot = this.slotOf(termId);
    const slots = this.termSlots;
    if (slots[slot + STAMP] !== this.stamp) {
      if (isAnchor) this.addAnchor(termId);
      this.fill(slot, termId, position);
      return;
    }
    if (isTokenTerm) this.previousPositions[position] = slots[slot + LAST];
    slots[slot + LAST] = position;
  }

  /**
   * A term the scan did not note: a token term no keyword is filed under alone, read from the
   * token ids (chaining its occurrences as the scan chains a noted one's) the first time it is
   * asked for in the field and kept from then on; or a term absent from it.
   */
  private lookUp(termId: number, slot: number): number {
    const { tokenIds, previousPositions } = this;
    let last = NONE;
    for (let position = 0; position < this.tokenCount; position++) {
      if (tokenIds[position] !== termId) continue;
      previousPositions[position] = last;
      last = position;
    }
    this.fill(slot, termId, last);
    return last;
  }

  /** The slot holding the term in this field, or the empty one it is to fill. */
  private slotOf(termId: number): number {
    const slots = this.termSlots;
    const mask = (1 << this.slotBits) - 1;
    // Fibonacci hashing: the top bits of the product mix all the bits of the id.
    let index = Math.imul(termId, 0x9e3779b1) >>> (32 - this.slotBits);
    for (;;) {
      const slot = index * SLOT_INTS;
      if (slots[slot + STAMP] !== this.stamp || slots[slot + TERM] === termId) return slot;
      index = (index + 1) & mask;
    }
  }

  private fill(slot: number, termId: number, last: number): void {
    const slots = this.termSlots;
    slots[slot + STAMP] = this.stamp;
    slots[slot + TERM] = termId;
    slots[slot + LAST] = last;
    if (++this.termCount * 2 > 1 << this.slotBits) this.growSlots();
  }

  private growSlots(): void {
    const previous = this.termSlots;
    this.slotBits++;
    this.termSlots = new Int32Array((1 << this.slotBits) * SLOT_INTS);
    for (let slot = 0; slot < previous.length; slot += SLOT_INTS) {
      if (previous[slot + STAMP] !== this.stamp) continue;
      const target = this.slotOf(previous[slot + TERM]);
      this.termSlots.set(previous.subarray(slot, slot + SLOT_INTS), target);
    }
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
