import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import type { KeywordDefinition } from './keyword-definition.js';
import { KeywordMatcher } from './keyword-matcher.js';
import { loadLanguageDetector, type DetectLanguage } from './language/detect-language.js';
import type { MatchInput } from './match-input.js';
import { keywordQuery } from './query/keyword-query.js';
import { QueryError } from './query/query-error.js';
import { parseQuery } from './query/query-parser.js';
import { printQuery } from './query/query-printer.js';
import {
  DEFAULT_AUTHOR,
  DEFAULT_SUBREDDIT,
  readDocumentedQueries,
  type DocumentedVerdict,
} from './testing/documented-queries.js';

/*
 * docs/matching.md's queries, tested as written there: each term's and each example's items
 * through a real KeywordMatcher (the real language detector for lang:), the refusals and
 * canonical forms through the parser and printer, and the printed trees of v1 keywords.
 */

const DOC = resolve(process.cwd(), 'docs/matching.md');
const documented = readDocumentedQueries(readFileSync(DOC, 'utf8'));

/** decisions.md section 13's examples, which the docs give first, verbatim. */
const SECTION_13_EXAMPLES = [
  '("acme crm" OR acmecrm OR site:acme.io) -author:AutoModerator',
  '(alternative* OR "switch from") NEAR/6 (salesforce OR hubspot) type:post',
  'title:("looking for" OR recommend*) crm sub:(smallbusiness,startups)',
  '{ARC} browser -sub:(arc,ArcBrowser)',
  '`C++20` modules',
  'acme type:post score:>=25 comments:>=10',
  '"data breach" ONEAR/4 acme -flair:Meme nsfw:no',
  '(pricing OR price*) (acme OR globex) lang:en',
  'sub:rust type:post -title:"weekly thread"',
  'postgres NEAR/3 (backup OR restore) -body:"pg_dump"',
];

function keywordWith(query: string): KeywordDefinition {
  return {
    id: 'documented',
    accountId: 'account',
    text: 'documented',
    mode: 'exact',
    trackPosts: true,
    trackComments: true,
    query,
  };
}

function commentSaying(body: string): MatchInput {
  return { type: 'comment', fields: [body], subreddit: DEFAULT_SUBREDDIT, author: DEFAULT_AUTHOR };
}

function verdictOf(matcher: KeywordMatcher, input: MatchInput): DocumentedVerdict {
  const pending: KeywordDefinition[] = [];
  const matched = matcher.match(input, pending);
  expect(matched.length + pending.length).toBeLessThanOrEqual(1);
  if (matched.length > 0) return 'matches';
  return pending.length > 0 ? 'pending' : 'does not match';
}

describe('the queries of docs/matching.md', () => {
  let detectLanguage: DetectLanguage;

  beforeAll(async () => {
    detectLanguage = await loadLanguageDetector();
  });

  it.each(documented.terms)(
    '$query matches $matches and not $doesNotMatch',
    ({ query, matches, doesNotMatch }) => {
      const matcher = new KeywordMatcher([keywordWith(query)], { detectLanguage });
      expect(verdictOf(matcher, commentSaying(matches))).toBe('matches');
      expect(verdictOf(matcher, commentSaying(doesNotMatch))).toBe('does not match');
    },
  );

  it('gives twenty examples, numbered, the ten of section 13 first', () => {
    const { examples } = documented;
    expect(examples.map(({ number }) => number)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
    expect(examples.slice(0, 10).map(({ query }) => query)).toEqual(SECTION_13_EXAMPLES);
    expect(new Set(examples.map(({ query }) => query)).size).toBe(20);
  });

  describe.each(documented.examples)('example $number, $query', ({ query, items }) => {
    it('shows an item it matches and one it does not', () => {
      const verdicts = items.map(({ verdict }) => verdict);
      expect(verdicts).toContain('matches');
      expect(verdicts).toContain('does not match');
    });

    it('parses, and its canonical form parses back to the same tree', () => {
      const tree = parseQuery(query);
      expect(parseQuery(printQuery(tree))).toEqual(tree);
    });

    it.each(items)('$verdict: $input.type $input.fields', ({ verdict, input }) => {
      const matcher = new KeywordMatcher([keywordWith(query)], { detectLanguage });
      expect(verdictOf(matcher, input)).toBe(verdict);
    });
  });

  it.each(documented.refusals)('refuses $query with its documented message', (refusal) => {
    let thrown: unknown;
    try {
      parseQuery(refusal.query);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(QueryError);
    expect((thrown as QueryError).message).toBe(refusal.message);
  });

  it.each(documented.canonicalForms)('writes $written as $canonical', ({ written, canonical }) => {
    const tree = parseQuery(written);
    expect(printQuery(tree)).toBe(canonical);
    expect(parseQuery(canonical)).toEqual(tree);
  });

  it('documents refusals, canonical forms and translations', () => {
    expect(documented.refusals.length).toBeGreaterThanOrEqual(5);
    expect(documented.canonicalForms.length).toBeGreaterThanOrEqual(5);
    expect(new Set(documented.translations.map(({ mode }) => mode))).toEqual(
      new Set(['exact', 'proximity', 'broad']),
    );
  });

  it.each(documented.translations)(
    'prints a $mode keyword $keyword as $printed',
    ({ mode, keyword, printed, sameTree }) => {
      const tree = keywordQuery(keyword, mode);
      expect(printQuery(tree)).toBe(printed);
      if (sameTree) expect(parseQuery(printed)).toEqual(tree);
      else expect(parseQuery(printed)).not.toEqual(tree);
    },
  );
});
