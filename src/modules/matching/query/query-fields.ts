import { foldCase } from '../text/text-normalization.js';
import { isLanguageCode } from './language-codes.js';
import { queryErrorAt } from './query-error.js';
import type { FieldValue, ItemFieldName, Span } from './query-lexer.js';
import { foldTermText } from './query-terms.js';
import type { Comparison, ItemField } from './query-tree.js';

/** Longest subreddit or author name accepted (Reddit's own limits are 21 and 20). */
const MAX_NAME_LENGTH = 32;
/** Digits a `score:` or `comments:` number may have, keeping it a safe integer. */
const MAX_COUNT_DIGITS = 9;
const COMPARISONS: readonly Comparison[] = ['>=', '<=', '>', '<', '='];

const NAME_PREFIXES: Record<'sub' | 'author', readonly string[]> = {
  sub: ['/r/', 'r/'],
  author: ['/u/', 'u/'],
};

/** An item field clause (`sub:(a,b)`, `score:>=25`…) from its name and value as written. */
export function itemField(query: string, name: ItemFieldName, value: FieldValue): ItemField {
  const reader = new FieldReader(query, name, value);
  switch (name) {
    case 'sub':
    case 'author':
      return { kind: name, names: reader.names(name) };
    case 'flair':
      return { kind: name, text: reader.flair() };
    case 'site':
      return { kind: name, domain: reader.domain() };
    case 'type':
      return { kind: name, value: reader.oneOf(['post', 'comment']) };
    case 'self':
    case 'nsfw':
      return { kind: name, value: reader.oneOf(['yes', 'no']) === 'yes' };
    case 'lang':
      return { kind: name, code: reader.language() };
    case 'score':
    case 'comments':
      return { kind: name, ...reader.count() };
  }
}

class FieldReader {
  constructor(
    private readonly query: string,
    private readonly name: ItemFieldName,
    private readonly value: FieldValue,
  ) {}

  names(field: 'sub' | 'author'): string[] {
    const what = field === 'sub' ? 'a subreddit name' : 'an author name';
    const spans = this.value.form === 'list' ? this.value.items : [this.bare(what)];
    const names: string[] = [];
    for (const span of spans) {
      const name = withoutPrefix(span.text.toLowerCase(), NAME_PREFIXES[field]);
      if (!isName(name)) throw queryErrorAt(this.query, span.at, `${what} after ${this.name}:`);
      if (!names.includes(name)) names.push(name);
    }
    return names;
  }

  flair(): string {
    const span = this.text('flair text, such as flair:"Help"');
    const text = foldTermText(span.text);
    if (text === '' || text.includes('"')) {
      throw queryErrorAt(this.query, span.at, 'flair text, such as flair:"Help"');
    }
    return text;
  }

  domain(): string {
    const span = this.bare('a domain such as example.com');
    const domain = withoutPrefix(foldCase(span.text), ['https://', 'http://']);
    if (!isDomain(domain)) {
      throw queryErrorAt(this.query, span.at, `a domain such as example.com after site:`);
    }
    return domain;
  }

  oneOf<T extends string>(choices: readonly T[]): T {
    const expected = `${choices.join(' or ')} after ${this.name}:`;
    const span = this.bare(expected);
    const choice = choices.find((known) => known === span.text.toLowerCase());
    if (choice === undefined) throw queryErrorAt(this.query, span.at, expected);
    return choice;
  }

  language(): string {
    const expected = 'a two-letter ISO 639-1 language code such as en after lang:';
    const span = this.bare(expected);
    const code = span.text.toLowerCase();
    if (!isLanguageCode(code)) throw queryErrorAt(this.query, span.at, expected);
    return code;
  }

  count(): { comparison: Comparison; value: number } {
    const expected = `a comparison (>=, >, <=, < or =) and a whole number after ${this.name}:`;
    const span = this.bare(expected);
    const comparison = COMPARISONS.find((known) => span.text.startsWith(known));
    const digits = comparison === undefined ? '' : span.text.slice(comparison.length);
    if (comparison === undefined || !isInteger(digits)) {
      throw queryErrorAt(this.query, span.at, expected);
    }
    // `+ 0` turns -0 into 0, which prints and parses back alike.
    return { comparison, value: Number(digits) + 0 };
  }

  /** The value written without quotes or list. */
  private bare(expected: string): Span {
    if (this.value.form !== 'bare' || this.value.text === '') {
      throw queryErrorAt(this.query, this.value.at, expected);
    }
    return this.value;
  }

  /** The value written with or without quotes. */
  private text(expected: string): Span {
    if (this.value.form === 'list') throw queryErrorAt(this.query, this.value.at, expected);
    return this.value;
  }
}

function withoutPrefix(text: string, prefixes: readonly string[]): string {
  const prefix = prefixes.find((known) => text.startsWith(known));
  return prefix === undefined ? text : text.slice(prefix.length);
}

function isNameCharacter(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x5f ||
    code === 0x2d
  );
}

/** Reddit names: ASCII letters, digits, `_` and `-`. */
function isName(name: string): boolean {
  if (name.length === 0 || name.length > MAX_NAME_LENGTH) return false;
  for (let index = 0; index < name.length; index++) {
    if (!isNameCharacter(name.charCodeAt(index))) return false;
  }
  return true;
}

/** ASCII labels (punycode for other scripts) of letters, digits and `-`, at least two. */
function isDomain(domain: string): boolean {
  const labels = domain.split('.');
  return (
    labels.length >= 2 &&
    labels.every((label) => label !== '' && isDomainLabel(label)) &&
    !/^\d+$/.test(labels[labels.length - 1])
  );
}

function isDomainLabel(label: string): boolean {
  for (let index = 0; index < label.length; index++) {
    const code = label.charCodeAt(index);
    if (code === 0x5f || !isNameCharacter(code)) return false;
  }
  return true;
}

function isInteger(digits: string): boolean {
  const unsigned = digits.startsWith('-') ? digits.slice(1) : digits;
  if (unsigned.length === 0 || unsigned.length > MAX_COUNT_DIGITS) return false;
  for (let index = 0; index < unsigned.length; index++) {
    const code = unsigned.charCodeAt(index);
    if (code < 0x30 || code > 0x39) return false;
  }
  return true;
}
