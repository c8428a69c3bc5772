/** Characters XML 1.0 forbids (controls, lone surrogates, U+FFFE/U+FFFF): one would make the feed unparsable. */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function xmlSafe(text: string): string {
  return text.replace(NOT_XML_CHAR, '');
}

/**
 * Plain text as HTML source. The feed library marks titles and bodies as HTML and wraps them in
 * CDATA, escaping only the first "]]>", so Reddit text goes in escaped.
 */
export function escapeHtml(text: string): string {
  return xmlSafe(text).replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

/**
 * For attributes of the library's Atom output (category term and label), which it escapes only
 * for quotes.
 */
export function escapeXmlAttribute(text: string): string {
  return xmlSafe(text).replace(/[&<>]/g, (char) => HTML_ESCAPES[char]);
}

/** At most maxChars code points, cut at a word boundary where one is near, with an ellipsis. */
export function truncate(text: string, maxChars: number): string {
  const chars = Array.from(text);
  if (chars.length <= maxChars) return text;
  const head = chars.slice(0, maxChars - 1).join('');
  const lastSpace = head.search(/\s\S*$/);
  const cut = lastSpace > head.length * 0.6 ? head.slice(0, lastSpace) : head;
  return `${cut.trimEnd()}…`;
}

/** One line of at most maxChars, for a summary. */
export function excerpt(text: string, maxChars: number): string {
  return truncate(text.replace(/\s+/g, ' ').trim(), maxChars);
}

/** Plain text as HTML paragraphs, line breaks kept. */
export function textToHtml(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  return trimmed
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}
