/**
 * One field of an item, as the rules see it while it is being matched. The arrays are buffers
 * reused from field to field: only their first `tokenCount` entries belong to it.
 */
export interface FieldView {
  /**
   * The text tokens and separators are read from: folded, or the raw text when folding would
   * only lower-case its ASCII letters (separators, never letters or digits, are the same).
   */
  readonly text: string;
  readonly tokenCount: number;
  /** Start and exclusive end offsets of each token (maximal run of word characters). */
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  /** Id of the token term each token is (0 when no keyword uses that token). */
  readonly tokenIds: Int32Array;
  occursIn(termId: number): boolean;
  /** Token position of the last occurrence of a token term, -1 if none. */
  lastPosition(termId: number): number;
  /** Token position of the previous occurrence of the token at `position`, -1 if none. */
  previousPosition(position: number): number;
}
