import { parseQuery } from './query-parser.js';
import { printQuery } from './query-printer.js';

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
  ])('%s', (query, canonical) => {
    const tree = parseQuery(query);
    expect(printQuery(tree)).toBe(canonical);
    expect(parseQuery(canonical)).toEqual(tree);
  });
});
