/**
 * The prose of a Reddit text, for language detection: what is not written in the author's
 * language (links, code, markup, emoji, subreddit and user names, HTML entities) is dropped, so
 * that a German comment quoting a URL or naming r/de is judged on its German words.
 */

/** The detector reads at most the first 1,000 characters; this leaves room for what is dropped. */
const MAX_INPUT = 4_000;

const REPLACEMENTS: readonly [RegExp, string][] = [
  // Fenced code blocks, then lines indented as code, then inline code.
  [/(```|~~~)[\s\S]*?(?:\1|$)/g, ' '],
  [/^(?: {4}|\t).*$/gm, ' '],
  [/`[^`\n]*`/g, ' '],
  // A markdown link or image keeps its text; its target is a URL.
  [/!?\[([^\]\n]*)\]\([^)\s]*(?:\s+"[^"\n]*")?\)/g, ' $1 '],
  [/\b(?:https?:\/\/|www\.)[^\s<>()[\]]+/gi, ' '],
  [/(?:^|(?<=[\s(]))\/?[ru]\/[\w-]+/gi, ' '],
  [/&(?:#x?[0-9a-f]+|[a-z]+);/gi, ' '],
  [/[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\uFE0F\u200D\u20E3]/gu, ' '],
  // Markdown punctuation: emphasis, strike-through, headings, quotes, tables, superscript.
  [/[*_~#>|^\\]+/g, ' '],
  [/\s+/g, ' '],
];

export function detectionText(text: string): string {
  let prose = text.length > MAX_INPUT ? text.slice(0, MAX_INPUT) : text;
  for (const [pattern, replacement] of REPLACEMENTS) prose = prose.replace(pattern, replacement);
  return prose.trim();
}
