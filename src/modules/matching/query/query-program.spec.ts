import { NameTable } from '../index/name-table.js';
import { PairFilter } from '../index/pair-filter.js';
import { TermTable } from '../index/term-table.js';
import { TokenTable } from '../index/token-table.js';
import type { MatchInput } from '../match-input.js';
import { FilterTarget } from '../rules/keyword-filter.js';
import { FieldScanner } from '../text/field-scanner.js';
import type { ScannedField } from '../text/scanned-field.js';
import { evaluateQuery } from './query-evaluator.js';
import { QueryItem } from './query-item.js';
import { parseQuery } from './query-parser.js';
import { ProgramArena } from './program-arena.js';
import { compileQueryProgram, evaluateProgram } from './query-program.js';
import { queryTermKeys } from './query-term-keys.js';

const QUERIES = [
  'acme',
  'acme pricing',
  'acme -free',
  'acme (pricing OR cost) -"for sale"',
  'title:acme body:pricing',
  'body:(acme OR globex) -title:free',
  'acme NEAR/2 pricing',
  '(acme NEAR/1 pricing) NEAR/3 "is it" -free',
  'body:(globex ONEAR/2 acme) OR "cost 3" NEAR/5 acme*',
  'acme score:>10',
  '(acme OR globex) -comments:<5',
  'acme* -sub:deals type:post',
  '"acme pricing" OR (globex -"free stuff")',
  'body:"acme for sale" OR "cost 3"',
  '"is it" acme* OR "too much"',
  '"acme pricing" -"is it"',
  'body:"acme pricing" OR "pricing is" acmetr*',
  '"cost 3" OR body:acme* -"globex not"',
  'acme (pricing self:yes OR globex nsfw:no) -author:(A,b)',
  'sub:(SaaS,x) globex OR acme type:comment -nsfw:yes',
  'author:e OR acme self:no type:post OR sub:deals',
  '"acme, pricing" OR "acme-crm" -"node.js"',
  '"(acme)" OR "c++" "node.js" OR "acme) - pricing:"',
  'body:"try (acme" OR "pricing: c++ &" -"c++ &amp"',
];

const ITEMS: MatchInput[] = [
  {
    type: 'post',
    fields: ['acme, pricing', 'acme acme   pricing is it'],
    subreddit: 'saas',
    author: 'f',
  },
  { type: 'comment', fields: ['so acme\npricing'], subreddit: 'saas', author: 'g' },
  { type: 'post', fields: ['Acme pricing', 'is it free?'], subreddit: 'saas', author: 'a' },
  {
    type: 'post',
    fields: ['Free stuff', 'acme for sale, cost 3'],
    subreddit: 'deals',
    author: 'b',
    isSelf: true,
  },
  {
    type: 'post',
    fields: ['', 'Acmetrix pricing'],
    subreddit: 'saas',
    author: 'c',
    score: 12,
    isSelf: false,
    nsfw: true,
  },
  {
    type: 'comment',
    fields: ['Try (acme) - pricing: C++ & node.js, or acme-crm\n(ACME)'],
    subreddit: 'saas',
    author: 'h',
  },
  { type: 'comment', fields: ['acme costs too much'], subreddit: 'SaaS', author: 'A', nsfw: false },
  {
    type: 'comment',
    fields: ['globex, not acme'],
    subreddit: 'x',
    author: 'e',
    parentTitle: 'Free acme',
    numComments: 9,
  },
];

/** Each query's verdict on each item, through its program and through its tree. */
function verdicts(query: string): [string[], string[]] {
  const tree = parseQuery(query);
  const terms = new TermTable();
  const { words, prefixes } = queryTermKeys(tree);
  for (const word of words) terms.acquire('token', word);
  for (const prefix of prefixes) terms.acquire('prefix', prefix);
  const names = new NameTable();
  const arena = new ProgramArena(names);
  const start = arena.add(compileQueryProgram(tree, terms, (name) => names.acquire(name)));
  const scanner = new FieldScanner(new TokenTable(terms), terms, new PairFilter());
  const byProgram: string[] = [];
  const byTree: string[] = [];
  for (const input of ITEMS) {
    const scanned: (ScannedField | null)[] = input.fields.map((text, slot) =>
      text.length > 0 ? scanner.scan(text, slot) : null,
    );
    const item = new QueryItem();
    item.reset(input, scanned, terms);
    const target = new FilterTarget(names, []);
    target.reset(input.subreddit, input.author);
    byProgram.push(evaluateProgram(arena, start, item, scanned, target));
    item.reset(input);
    byTree.push(evaluateQuery(tree, item));
  }
  return [byProgram, byTree];
}

describe('query programs', () => {
  it.each(QUERIES)('give %s the verdicts its tree gives, item by item', (query) => {
    const [byProgram, byTree] = verdicts(query);
    expect(byProgram).toEqual(byTree);
  });

  it('find some items matching, some not and some pending among them', () => {
    const all = QUERIES.flatMap((query) => verdicts(query)[0]);
    expect(new Set(all)).toEqual(new Set(['match', 'no', 'pending']));
  });
});
