import type { TermTable } from '../index/term-table.js';
import type { MatchInput } from '../match-input.js';
import type { ScannedField } from '../text/scanned-field.js';
import { forEachUrlHost } from '../text/url-hosts.js';
import { QueryText } from './query-text.js';
import type { Scope } from './query-tree.js';

/** Detects the language of a text as an ISO 639-1 code, or null when it cannot tell. */
export type LanguageDetector = (text: string) => string | null;

export const NO_LANGUAGE: LanguageDetector = () => null;

const NONE: readonly QueryText[] = [];
const NO_SCANS: readonly (ScannedField | null)[] = [];
const NO_DOMAINS: readonly string[] = [];

/**
 * The item being matched as queries read it (decisions.md section 13): its fields by scope, its
 * language and its domains, each worked out the first time a query asks, once per item.
 */
export class QueryItem {
  input!: MatchInput;
  /** Each as the one-field list `fields` gives (NONE without the field). */
  private title: readonly QueryText[] | null = null;
  private body: readonly QueryText[] | null = null;
  private both: readonly QueryText[] | null = null;
  private subredditName: string | null = null;
  private authorName: string | null = null;
  /** The matcher's scans of the item's fields, by index in `input.fields` (null: none). */
  private scannedFields: readonly (ScannedField | null)[] = NO_SCANS;
  private terms: TermTable | null = null;
  private detected: string | null | undefined;
  private itemDomains: readonly string[] | null = null;

  constructor(private readonly detectLanguage: LanguageDetector = NO_LANGUAGE) {}

  /**
   * Starts a new item. The matcher gives the fields it has scanned (by index in `input.fields`)
   * and its terms, which stay as they are until the next item.
   */
  reset(
    input: MatchInput,
    scannedFields: readonly (ScannedField | null)[] = NO_SCANS,
    terms: TermTable | null = null,
  ): void {
    this.input = input;
    this.scannedFields = scannedFields;
    this.terms = terms;
    this.title = null;
    this.body = null;
    this.both = null;
    this.subredditName = null;
    this.authorName = null;
    this.detected = undefined;
    this.itemDomains = null;
  }

  /**
   * Where a term looks: unscoped, a post's title and selftext or a comment's body; `title:` a
   * post's title or a comment's parent post title; `body:` a post's selftext or a comment's body.
   */
  fields(scope: Scope | null): readonly QueryText[] {
    const isPost = this.input.type === 'post';
    if (scope === 'title') return this.titleText();
    if (scope === 'body' || !isPost) return this.bodyText();
    return (this.both ??= [...this.titleText(), ...this.bodyText()]);
  }

  /** The item's subreddit, lower case. */
  subreddit(): string {
    return (this.subredditName ??= this.input.subreddit.toLowerCase());
  }

  /** The item's author, lower case. */
  author(): string {
    return (this.authorName ??= this.input.author.toLowerCase());
  }

  /** The detected language of the item's own text (lower case), asked once per item. */
  language(): string | null {
    if (this.detected === undefined) {
      const text = this.fields(null)
        .map((field) => field.raw)
        .join('\n');
      this.detected =
        text.trim() === '' ? null : (this.detectLanguage(text)?.toLowerCase() ?? null);
    }
    return this.detected;
  }

  /** Hosts of the link post's URL and of the URLs in the item's text, lower case, each once. */
  domains(): readonly string[] {
    if (this.itemDomains === null) {
      const { url, isSelf, fields } = this.input;
      // Most items link nowhere: no set made for them (asked of every item once a query has a site:).
      let hosts: Set<string> | null = null;
      if (url && isSelf !== true) {
        hosts = new Set<string>();
        if (url.includes('://')) addHosts(url, hosts);
        else addHost(url, hosts);
      }
      for (let index = 0; index < fields.length; index++) {
        if (this.mayHoldUrl(index)) addHosts(fields[index], (hosts ??= new Set<string>()));
      }
      this.itemDomains = hosts === null ? NO_DOMAINS : [...hosts];
    }
    return this.itemDomains;
  }

  /** Whether input.fields[index] may hold a URL, read from its scan when there is one. */
  private mayHoldUrl(index: number): boolean {
    const scanned = this.scannedFields[index];
    return scanned === null || scanned === undefined
      ? this.input.fields[index].includes('://')
      : scanned.mayHoldUrl;
  }

  private titleText(): readonly QueryText[] {
    const { type, fields, parentTitle } = this.input;
    return (this.title ??= this.queryTexts(
      type === 'post' ? fields[0] : parentTitle,
      type === 'post' ? 0 : -1,
    ));
  }

  private bodyText(): readonly QueryText[] {
    const index = this.input.type === 'post' ? 1 : 0;
    return (this.body ??= this.queryTexts(this.input.fields[index], index));
  }

  /**
   * The text of `input.fields[index]` (-1: a parent title), read through its scan if any, as a
   * list of one (none for an empty or missing text).
   */
  private queryTexts(text: string | null | undefined, index: number): readonly QueryText[] {
    if (!text) return NONE;
    const field = index < 0 ? null : (this.scannedFields[index] ?? null);
    return [
      new QueryText(
        text,
        field === null || this.terms === null ? null : { field, terms: this.terms },
      ),
    ];
  }
}

function addHosts(text: string, hosts: Set<string>): void {
  forEachUrlHost(text, (host) => addHost(host, hosts));
}

function addHost(host: string, hosts: Set<string>): void {
  const domain = host.toLowerCase().replace(/\.+$/, '');
  if (domain.includes('.')) hosts.add(domain);
}

/** Whether a host is the domain or one of its subdomains. */
export function isWithinDomain(host: string, domain: string): boolean {
  return (
    host === domain || (host.endsWith(domain) && host[host.length - domain.length - 1] === '.')
  );
}

/** The domains a host belongs to, itself first: a.b.com, b.com (not the bare TLD). */
export function enclosingDomains(host: string): string[] {
  const domains: string[] = [];
  let at = 0;
  while (host.indexOf('.', at) > at) {
    domains.push(host.slice(at));
    at = host.indexOf('.', at) + 1;
  }
  return domains;
}
