import { parseQuery } from './query-parser.js';
import { printQuery } from './query-printer.js';

function expectCanonical(query: string, canonical: string): void {
  const tree = parseQuery(query);
  expect(printQuery(tree)).toBe(canonical);
  expect(parseQuery(canonical)).toEqual(tree);
}

describe('printQuery: the examples of decisions.md section 13', () => {
  it.each<[string, string]>([
    [
      '("acme crm" OR acmecrm OR site:acme.io) -author:AutoModerator',
      '("acme crm" OR acmecrm OR site:acme.io) -author:automoderator',
    ],
    [
      '(alternative* OR "switch from") NEAR/6 (salesforce OR hubspot) type:post',
      '(alternative* OR "switch from") NEAR/6 (salesforce OR hubspot) type:post',
    ],
    [
      'title:("looking for" OR recommend*) crm sub:(smallbusiness,startups)',
      'title:("looking for" OR recommend*) crm sub:(smallbusiness,startups)',
    ],
    ['{ARC} browser -sub:(arc,ArcBrowser)', '{ARC} browser -sub:(arc,arcbrowser)'],
    ['`C++20` modules', '`c++20` modules'],
    ['acme type:post score:>=25 comments:>=10', 'acme type:post score:>=25 comments:>=10'],
    [
      '"data breach" ONEAR/4 acme -flair:Meme nsfw:no',
      '"data breach" ONEAR/4 acme -flair:"meme" nsfw:no',
    ],
    [
      '(pricing OR price*) (acme OR globex) lang:en',
      '(pricing OR price*) (acme OR globex) lang:en',
    ],
    ['sub:rust type:post -title:"weekly thread"', 'sub:rust type:post -title:"weekly thread"'],
    [
      'postgres NEAR/3 (backup OR restore) -body:"pg_dump"',
      'postgres NEAR/3 (backup OR restore) -body:"pg_dump"',
    ],
  ])('%s', expectCanonical);
});

describe('printQuery', () => {
  it.each<[string, string]>([
    ['Acme AND "CRM"', 'acme crm'],
    ['a NOT b', 'a -b'],
    ['a OR (b c)', 'a OR b c'],
    ['(a OR b) c', '(a OR b) c'],
    ['NOT (a OR b) c', '-(a OR b) c'],
    ['x -a NEAR/3 b', 'x -(a NEAR/3 b)'],
    ['a NEAR/3 b NEAR/2 c', '(a NEAR/3 b) NEAR/2 c'],
    ['a NEAR/3 (b NEAR/2 c)', 'a NEAR/3 (b NEAR/2 c)'],
    ['(a b) ONEAR/3 c', '(a b) ONEAR/3 c'],
    ['node.js', '"node.js"'],
    ['"acme*"', 'acme*'],
    ['"switch  from*"', '"switch from*"'],
    ['{"ACME"}', '{ACME}'],
    ['{"Acme Corp"}', '{"Acme Corp"}'],
    ['`  C#`', '` c#`'],
    ['TITLE:Acme', 'title:acme'],
    ['title:(a OR b)', 'title:(a OR b)'],
    ['acme -title:(a -b)', 'acme -title:(a -b)'],
    ['sub:(R/Rust, rust ,golang)', 'sub:(rust,golang)'],
    ['author:(u/Bob)', 'author:bob'],
    ['acme flair:Help', 'acme flair:"help"'],
    ['site:HTTPS://Acme.io', 'site:acme.io'],
    ['acme self:YES nsfw:No lang:DE', 'acme self:yes nsfw:no lang:de'],
    ['acme score:<-5 comments:=3', 'acme score:<-5 comments:=3'],
  ])('%s', expectCanonical);
});
