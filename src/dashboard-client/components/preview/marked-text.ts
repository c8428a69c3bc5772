/** A span of a text, in UTF-16 offsets (JavaScript string indexes), end exclusive. */
export interface Span {
  start: number;
  end: number;
}

/** A run of text, marked when a span covers it. */
export interface TextPart {
  text: string;
  marked: boolean;
}

const ELLIPSIS = '…';
/** How much of the text an excerpt keeps before its first span. */
const LEAD = 60;

/** Clipped to [0, length], empty ones dropped, sorted, overlapping and touching ones merged. */
function cleanSpans(spans: readonly Span[], length: number): Span[] {
  const clipped = spans
    .map(({ start, end }) => ({
      start: Math.max(0, Math.min(start, length)),
      end: Math.max(0, Math.min(end, length)),
    }))
    .filter(({ start, end }) => end > start)
    .sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const span of clipped) {
    const last = merged.at(-1);
    if (last !== undefined && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** Moves an offset off the second half of a surrogate pair, so no character is cut in two. */
function onCharacter(text: string, offset: number): number {
  const code = text.charCodeAt(offset);
  return offset > 0 && code >= 0xdc00 && code <= 0xdfff ? offset - 1 : offset;
}

/**
 * The text cut into plain and marked parts at the spans. With `maxLength`, only an excerpt of
 * about that many characters is kept, starting a little before the first span, with "…" where
 * the text was cut. The parts are text, for React to escape: never HTML.
 */
export function markedParts(
  text: string,
  spans: readonly Span[],
  maxLength = Number.POSITIVE_INFINITY,
): TextPart[] {
  const cleaned = cleanSpans(spans, text.length);
  let from = 0;
  let to = text.length;
  if (text.length > maxLength) {
    from = onCharacter(
      text,
      Math.max(0, Math.min((cleaned[0]?.start ?? 0) - LEAD, text.length - maxLength)),
    );
    to = onCharacter(text, Math.min(text.length, from + maxLength));
  }
  const parts: TextPart[] = [];
  const push = (part: string, marked: boolean) => {
    if (part !== '') parts.push({ text: part, marked });
  };
  if (from > 0) push(ELLIPSIS, false);
  let at = from;
  for (const span of cleaned) {
    const start = Math.max(span.start, from);
    const end = Math.min(span.end, to);
    if (end <= start) continue;
    push(text.slice(at, start), false);
    push(text.slice(start, end), true);
    at = end;
  }
  push(text.slice(at, to), false);
  if (to < text.length) push(ELLIPSIS, false);
  return parts;
}
