/**
 * A parsed query (decisions.md section 13) as a tree. Texts are stored in the form they are
 * compared in: word, phrase, prefix and literal texts folded (NFKC, lower case), case-sensitive
 * texts NFKC only, whitespace runs collapsed to one space; names lower case without r/ or u/.
 * Parsing yields a normal form: AND and OR operands are never AND or OR of the same kind, a group
 * of one operand is that operand, and NOT never holds a NOT.
 */
export type QueryNode =
  TextTerm | ItemField | AndNode | OrNode | NotNode | NearNode | ScopeNode | WithinNode;

/** `acme`: a whole word, one token of letters and digits. */
export interface WordTerm {
  readonly kind: 'word';
  readonly text: string;
}

/** `"acme crm"`, or a bare term with symbols such as `node.js`: an exact phrase. */
export interface PhraseTerm {
  readonly kind: 'phrase';
  readonly text: string;
}

/** `plug*` or `"switch fr*"`: the text without its `*`, whose last word is a prefix. */
export interface PrefixTerm {
  readonly kind: 'prefix';
  readonly text: string;
}

/** `{ACME}` or `{"Acme Corp"}`: a word or phrase compared without folding case. */
export interface CaseSensitiveTerm {
  readonly kind: 'caseSensitive';
  readonly text: string;
}

/** `` `c++20` ``: a substring, symbols as written, a space standing for any whitespace run. */
export interface LiteralTerm {
  readonly kind: 'literal';
  readonly text: string;
}

/**
 * A word compared by its English stem, as `broad` keywords compare their words. Only
 * keywordQuery makes it: the query language has no syntax for it, so parsing never yields it and
 * printQuery writes it as its word.
 */
export interface StemTerm {
  readonly kind: 'stem';
  readonly text: string;
}

export type TextTerm =
  WordTerm | PhraseTerm | PrefixTerm | CaseSensitiveTerm | LiteralTerm | StemTerm;

/** `sub:rust`, `sub:(a,b)`, `author:name`: any of the names, lower case, without r/ or u/. */
export interface NameField {
  readonly kind: 'sub' | 'author';
  readonly names: readonly string[];
}

/** `flair:"text"`: the post's link flair, folded. */
export interface FlairField {
  readonly kind: 'flair';
  readonly text: string;
}

/** `site:example.com`: a domain, lower case, subdomains included. */
export interface SiteField {
  readonly kind: 'site';
  readonly domain: string;
}

export interface TypeField {
  readonly kind: 'type';
  readonly value: 'post' | 'comment';
}

/** `self:yes|no` and `nsfw:yes|no`. */
export interface FlagField {
  readonly kind: 'self' | 'nsfw';
  readonly value: boolean;
}

/** `lang:en`: an ISO 639-1 code, lower case. */
export interface LanguageField {
  readonly kind: 'lang';
  readonly code: string;
}

export type Comparison = '>=' | '>' | '<=' | '<' | '=';

/** `score:>=25` and `comments:>=10`. */
export interface CountField {
  readonly kind: 'score' | 'comments';
  readonly comparison: Comparison;
  readonly value: number;
}

export type ItemField =
  NameField | FlairField | SiteField | TypeField | FlagField | LanguageField | CountField;

export interface AndNode {
  readonly kind: 'and';
  readonly operands: readonly QueryNode[];
}

export interface OrNode {
  readonly kind: 'or';
  readonly operands: readonly QueryNode[];
}

export interface NotNode {
  readonly kind: 'not';
  readonly operand: QueryNode;
}

/**
 * `a NEAR/n b` (ordered false) and `a ONEAR/n b` (a before b): both sides in one field with at
 * most `distance` words between them. Each side holds only text terms, AND, OR and NEAR.
 */
export interface NearNode {
  readonly kind: 'near';
  readonly ordered: boolean;
  readonly distance: number;
  readonly left: QueryNode;
  readonly right: QueryNode;
}

/**
 * Every operand in one field, and with a `window`, all inside `window` consecutive words of it
 * (an operand of several words takes them all): what `proximity` (window) and `broad` (no window)
 * keywords mean. Only keywordQuery makes it: the query language can only approximate it (AND of
 * NEARs, AND), which is what printQuery writes.
 */
export interface WithinNode {
  readonly kind: 'within';
  readonly window: number | null;
  readonly operands: readonly TextTerm[];
}

export type Scope = 'title' | 'body';

/** `title:x` and `body:(…)`; the operand holds no item field and no other scope. */
export interface ScopeNode {
  readonly kind: 'scope';
  readonly scope: Scope;
  readonly operand: QueryNode;
}

const TEXT_TERM_KINDS: ReadonlySet<QueryNode['kind']> = new Set<TextTerm['kind']>([
  'word',
  'phrase',
  'prefix',
  'caseSensitive',
  'literal',
  'stem',
]);

export function isTextTerm(node: QueryNode): node is TextTerm {
  return TEXT_TERM_KINDS.has(node.kind);
}
