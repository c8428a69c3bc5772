const NON_ASCII = /[^\x00-\x7f]/;
/**
 * Pieces of raw text that NFKC normalises on their own: a character with the combining marks
 * and Hangul vowel and final jamo that follow it (the characters that compose with what precedes
 * them), or such characters at the start of the text.
 */
const PIECE =
  /[^\p{M}\u1160-\u11ff\ud7b0-\ud7ff][\p{M}\u1160-\u11ff\ud7b0-\ud7ff]*|[\p{M}\u1160-\u11ff\ud7b0-\ud7ff]+/gu;
/** Pieces merged, when one does not normalise on its own, before the rest is taken as one. */
const MAX_MERGED_PIECES = 16;

/**
 * Which source range each UTF-16 unit of a transformed text comes from: the piece of source it
 * is part of. Null: the transform left the text as it was.
 */
interface PieceMap {
  readonly from: Int32Array;
  readonly to: Int32Array;
}

/**
 * Maps ranges of a field's compared forms back to its raw text: the case-kept form (NFKC, as
 * QueryText.caseSensitive cuts it) and the folded one (NFKC, then lower case: foldCase). Folding
 * changes lengths (`ﬁ` is `fi`, `İ` is `i̇`, `e` and a combining acute are `é`), so an offset is
 * mapped through the piece of raw text it was made from; a range covers every raw character any
 * unit of it comes from.
 */
export class RawOffsets {
  private readonly caseKept: PieceMap | null;
  private readonly lowered: PieceMap | null;

  constructor(readonly raw: string) {
    const isAscii = !NON_ASCII.test(raw);
    const normalized = isAscii ? raw : raw.normalize('NFKC');
    this.caseKept = normalized === raw ? null : nfkcPieces(raw, normalized);
    this.lowered = isAscii ? null : lowerCasePieces(normalized);
  }

  /** The raw range [start, end) that the case-kept text's [from, to) comes from. */
  fromCaseKept(from: number, to: number): [number, number] {
    return mapRange(this.caseKept, from, to);
  }

  /** The raw range [start, end) that the folded text's [from, to) comes from. */
  fromFolded(from: number, to: number): [number, number] {
    const [start, end] = mapRange(this.lowered, from, to);
    return this.fromCaseKept(start, end);
  }
}

function mapRange(map: PieceMap | null, from: number, to: number): [number, number] {
  if (map === null || to <= from) return [from, to];
  return [map.from[from], map.to[to - 1]];
}

/**
 * NFKC normalises each piece (PIECE) as it does inside the whole text; where it does not (a
 * compatibility character that decomposes to a jamo composing with the next one), pieces are
 * merged until they give what the whole text has there, and past MAX_MERGED_PIECES the rest of
 * the text is one piece. Every map is exact; a merge only makes it coarser.
 */
function nfkcPieces(raw: string, normalized: string): PieceMap {
  const from = new Int32Array(normalized.length);
  const to = new Int32Array(normalized.length);
  const bounds = [...raw.matchAll(PIECE)].map((match) => match.index);
  if (bounds[0] !== 0) bounds.unshift(0);
  bounds.push(raw.length);
  let written = 0;
  let piece = 0;
  while (piece < bounds.length - 1) {
    const start = bounds[piece];
    let next = piece + 1;
    let output = raw.slice(start, bounds[next]).normalize('NFKC');
    while (!normalized.startsWith(output, written) && next < bounds.length - 1) {
      next = next - piece < MAX_MERGED_PIECES ? next + 1 : bounds.length - 1;
      output = raw.slice(start, bounds[next]).normalize('NFKC');
    }
    const end = bounds[next];
    const length = next === bounds.length - 1 ? normalized.length - written : output.length;
    from.fill(start, written, written + length);
    to.fill(end, written, written + length);
    written += length;
    piece = next;
  }
  return { from, to };
}

/**
 * Lower-casing maps each code point on its own, but for a final sigma (`ς`, where the whole
 * text is read), which keeps its length: so each code point is a piece. Null when none changes
 * length.
 */
function lowerCasePieces(text: string): PieceMap | null {
  const from: number[] = [];
  const to: number[] = [];
  let changesLength = false;
  for (let index = 0; index < text.length;) {
    const width = (text.codePointAt(index) as number) > 0xffff ? 2 : 1;
    const length = text.slice(index, index + width).toLowerCase().length;
    if (length !== width) changesLength = true;
    for (let unit = 0; unit < length; unit++) {
      from.push(index);
      to.push(index + width);
    }
    index += width;
  }
  return changesLength ? { from: Int32Array.from(from), to: Int32Array.from(to) } : null;
}
