const ELLIPSIS = '…';

const words = new Intl.Segmenter(undefined, { granularity: 'word' });
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The text, or its start cut on a word boundary with an ellipsis, at most `max` UTF-16 units long
 * (never fewer units than the platforms count, which count characters). Word boundaries follow
 * Unicode (so Japanese or Thai text without spaces is cut between words); a first word too long
 * to keep half the room is cut between characters, never inside an emoji or a combined letter.
 */
export function cutOnWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = max - ELLIPSIS.length;
  if (room <= 0) return ELLIPSIS.slice(0, Math.max(max, 0));
  const kept = startWithin(words, text, room).trimEnd();
  const start = kept.length >= room / 2 ? kept : startWithin(graphemes, text, room).trimEnd();
  return `${start}${ELLIPSIS}`;
}

/**
 * The text escaped for a platform, at most `max` long once escaped. Escaping lengthens a text, so
 * the raw text is cut (never inside an escape): the longest cut that still fits once escaped.
 */
export function fitEscaped(text: string, max: number, escape: (raw: string) => string): string {
  const whole = escape(text);
  if (whole.length <= max) return whole;
  const fits = (room: number) => escape(cutOnWord(text, room)).length <= max;
  let [low, high] = [0, max];
  while (low < high) {
    const room = Math.ceil((low + high) / 2);
    if (fits(room)) low = room;
    else high = room - 1;
  }
  return escape(cutOnWord(text, low));
}

function startWithin(segmenter: Intl.Segmenter, text: string, room: number): string {
  let end = 0;
  for (const { index, segment } of segmenter.segment(text)) {
    if (index + segment.length > room) break;
    end = index + segment.length;
  }
  return text.slice(0, end);
}
