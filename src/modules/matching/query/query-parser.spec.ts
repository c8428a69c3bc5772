import { QueryError } from './query-error.js';
import { parseQuery } from './query-parser.js';
import type { QueryNode } from './query-tree.js';

const word = (text: string): QueryNode => ({ kind: 'word', text });
const phrase = (text: string): QueryNode => ({ kind: 'phrase', text });
const and = (...operands: QueryNode[]): QueryNode => ({ kind: 'and', operands });
const or = (...operands: QueryNode[]): QueryNode => ({ kind: 'or', operands });
const not = (operand: QueryNode): QueryNode => ({ kind: 'not', operand });
const near = (left: QueryNode, distance: number, right: QueryNode, ordered = false): QueryNode => ({
  kind: 'near',
  ordered,
  distance,
  left,
  right,
});

describe('parseQuery: terms', () => {
  it.each<[string, QueryNode]>([
    ['acme', word('acme')],
    ['ACME', word('acme')],
    ['ＡＣＭＥ', word('acme')],
    ['"Acme  CRM"', phrase('acme crm')],
    ['"acme"', word('acme')],
    ['node.js', phrase('node.js')],
    ['c++', phrase('c++')],
    ['plug*', { kind: 'prefix', text: 'plug' }],
    ['"Switch Fro*"', { kind: 'prefix', text: 'switch fro' }],
    ['"plug*"', { kind: 'prefix', text: 'plug' }],
    ['{ACME}', { kind: 'caseSensitive', text: 'ACME' }],
    ['{"Acme  Corp"}', { kind: 'caseSensitive', text: 'Acme Corp' }],
    ['{C++}', { kind: 'caseSensitive', text: 'C++' }],
    ['`C++20`', { kind: 'literal', text: 'c++20' }],
    ['`a \t b`', { kind: 'literal', text: 'a b' }],
    ['or', word('or')],
    ['near', word('near')],
    ['NEARBY', word('nearby')],
  ])('%s', (query, tree) => {
    expect(parseQuery(query)).toEqual(tree);
  });
});

describe('parseQuery: logic', () => {
  it.each<[string, QueryNode]>([
    ['a b', and(word('a'), word('b'))],
    ['a AND b', and(word('a'), word('b'))],
    ['a OR b', or(word('a'), word('b'))],
    ['a or b', and(word('a'), word('or'), word('b'))],
    ['a -b', and(word('a'), not(word('b')))],
    ['a NOT b', and(word('a'), not(word('b')))],
    ['a --b', and(word('a'), word('b'))],
    ['a b OR c d', or(and(word('a'), word('b')), and(word('c'), word('d')))],
    ['a (b OR c)', and(word('a'), or(word('b'), word('c')))],
    ['(a b) c', and(word('a'), word('b'), word('c'))],
    ['a OR (b OR c)', or(word('a'), word('b'), word('c'))],
    ['((a))', word('a')],
    ['a -(b OR c)', and(word('a'), not(or(word('b'), word('c'))))],
    ['a NEAR/3 b', near(word('a'), 3, word('b'))],
    ['a ONEAR/50 b', near(word('a'), 50, word('b'), true)],
    ['x a NEAR/3 b y', and(word('x'), near(word('a'), 3, word('b')), word('y'))],
    ['a NEAR/3 b OR c', or(near(word('a'), 3, word('b')), word('c'))],
    ['a NEAR/3 b NEAR/2 c', near(near(word('a'), 3, word('b')), 2, word('c'))],
    ['x -a NEAR/3 b', and(word('x'), not(near(word('a'), 3, word('b'))))],
    ['(a OR b) NEAR/2 (c d)', near(or(word('a'), word('b')), 2, and(word('c'), word('d')))],
    ['title:acme', { kind: 'scope', scope: 'title', operand: word('acme') }],
    ['body:(a OR "b c")', { kind: 'scope', scope: 'body', operand: or(word('a'), phrase('b c')) }],
    ['title:(a -b)', { kind: 'scope', scope: 'title', operand: and(word('a'), not(word('b'))) }],
    [
      'title:(a NEAR/2 b)',
      { kind: 'scope', scope: 'title', operand: near(word('a'), 2, word('b')) },
    ],
  ])('%s', (query, tree) => {
    expect(parseQuery(query)).toEqual(tree);
  });
});

describe('parseQuery: item fields', () => {
  it.each<[string, QueryNode]>([
    ['sub:rust', { kind: 'sub', names: ['rust'] }],
    ['sub:r/Rust', { kind: 'sub', names: ['rust'] }],
    ['sub:( /r/a , B,b )', { kind: 'sub', names: ['a', 'b'] }],
    ['author:u/Auto_Moderator', { kind: 'author', names: ['auto_moderator'] }],
    ['author:(a-b,c)', { kind: 'author', names: ['a-b', 'c'] }],
    ['acme flair:"Help  Wanted"', and(word('acme'), { kind: 'flair', text: 'help wanted' })],
    ['acme flair:Meme', and(word('acme'), { kind: 'flair', text: 'meme' })],
    ['site:Example.com', { kind: 'site', domain: 'example.com' }],
    ['site:https://blog.example.co.uk', { kind: 'site', domain: 'blog.example.co.uk' }],
    ['a type:post', and(word('a'), { kind: 'type', value: 'post' })],
    ['a type:Comment', and(word('a'), { kind: 'type', value: 'comment' })],
    ['a self:yes', and(word('a'), { kind: 'self', value: true })],
    ['a nsfw:no', and(word('a'), { kind: 'nsfw', value: false })],
    ['a lang:EN', and(word('a'), { kind: 'lang', code: 'en' })],
    ['a score:>=25', and(word('a'), { kind: 'score', comparison: '>=', value: 25 })],
    ['a score:<-3', and(word('a'), { kind: 'score', comparison: '<', value: -3 })],
    ['a comments:=0', and(word('a'), { kind: 'comments', comparison: '=', value: 0 })],
    ['a comments:>9', and(word('a'), { kind: 'comments', comparison: '>', value: 9 })],
    ['a score:<=-0', and(word('a'), { kind: 'score', comparison: '<=', value: 0 })],
    ['TYPE:post a', and({ kind: 'type', value: 'post' }, word('a'))],
  ])('%s', (query, tree) => {
    expect(parseQuery(query)).toEqual(tree);
  });
});

describe('parseQuery: the examples of decisions.md section 13 (printed in query-printer.spec.ts)', () => {
  it('reads example 1 as an OR of anchors and a negated author', () => {
    expect(parseQuery('("acme crm" OR acmecrm OR site:acme.io) -author:AutoModerator')).toEqual(
      and(
        or(phrase('acme crm'), word('acmecrm'), { kind: 'site', domain: 'acme.io' }),
        not({ kind: 'author', names: ['automoderator'] }),
      ),
    );
  });

  it('reads example 10 with NEAR binding tighter than AND', () => {
    expect(parseQuery('postgres NEAR/3 (backup OR restore) -body:"pg_dump"')).toEqual(
      and(
        near(word('postgres'), 3, or(word('backup'), word('restore'))),
        not({ kind: 'scope', scope: 'body', operand: phrase('pg_dump') }),
      ),
    );
  });

  it('reads example 2 as a NEAR of two groups, ANDed with the type', () => {
    expect(
      parseQuery('(alternative* OR "switch from") NEAR/6 (salesforce OR hubspot) type:post'),
    ).toEqual(
      and(
        near(
          or({ kind: 'prefix', text: 'alternative' }, phrase('switch from')),
          6,
          or(word('salesforce'), word('hubspot')),
        ),
        { kind: 'type', value: 'post' },
      ),
    );
  });
});

function errorOf(query: string): string {
  try {
    parseQuery(query);
  } catch (error) {
    expect(error).toBeInstanceOf(QueryError);
    return (error as QueryError).message;
  }
  throw new Error(`accepted: ${query}`);
}

describe('parseQuery: errors', () => {
  it.each<[string, string]>([
    ['', 'query: expected a term at character 1'],
    ['   ', 'query: expected a term at character 4'],
    ['acme OR price OR', 'query: expected a term after OR at character 17'],
    ['acme OR OR b', 'query: expected a term after OR at character 9'],
    ['OR acme', 'query: expected a term before OR at character 1'],
    ['acme AND', 'query: expected a term after AND at character 9'],
    ['acme NOT', 'query: expected a term after NOT at character 9'],
    ['acme - b', 'query: expected a term right after - at character 7'],
    ['(acme OR b', 'query: expected a closing ) for this ( at character 1'],
    ['acme)', 'query: expected an opening ( for this ) at character 5'],
    ['acme ()', 'query: expected a term inside ( ) at character 7'],
    ['"acme crm', 'query: expected a closing " for this phrase at character 1'],
    ['a `c++', 'query: expected a closing ` for this literal at character 3'],
    ['{ACME', 'query: expected a closing } for the term opened with { at character 6'],
    ['a }', 'query: expected a term, found } at character 3'],
    ['pl*', 'query: expected at least 3 letters before * at character 1'],
    ['"switch f*"', 'query: expected at least 3 letters before * at character 1'],
    [
      'a ++',
      'query: expected a letter or digit in a term (write symbols as a `literal`) at character 3',
    ],
    ['a NEAR b', 'query: expected NEAR/n with n from 1 to 50 at character 3'],
    ['a NEAR/0 b', 'query: expected NEAR/n with n from 1 to 50 at character 3'],
    ['a ONEAR/51 b', 'query: expected ONEAR/n with n from 1 to 50 at character 3'],
    ['a NEAR/3', 'query: expected a term or group after NEAR/3 at character 9'],
    ['a NEAR/3 -b', 'query: expected a term or group after NEAR/3 at character 10'],
    [
      '(a -b) NEAR/3 c',
      'query: expected only terms and groups of terms beside NEAR/3, no NOT, field or scope at character 4',
    ],
    [
      'title:a NEAR/3 c',
      'query: expected only terms and groups of terms beside NEAR/3, no NOT, field or scope at character 1',
    ],
    ['title: acme', 'query: expected a term or group right after title: at character 7'],
    ['title:sub:rust', 'query: expected a term or group right after title: at character 7'],
    [
      'title:(a sub:rust)',
      'query: expected only terms inside title:(…), no field or other scope at character 10',
    ],
    [
      'a subreddit:rust',
      expect.stringContaining(
        'query: expected a field name (title, body, sub,',
      ) as unknown as string,
    ],
    ['a sub:', 'query: expected a subreddit name at character 7'],
    ['a sub:r/no!', 'query: expected a subreddit name after sub: at character 7'],
    ['a sub:(a,,b)', 'query: expected a subreddit name after sub: at character 10'],
    ['a sub:(a,b', 'query: expected a closing ) for this list at character 7'],
    ['a type:link', 'query: expected post or comment after type: at character 8'],
    ['a self:true', 'query: expected yes or no after self: at character 8'],
    [
      'a lang:xx',
      'query: expected a two-letter ISO 639-1 language code such as en after lang: at character 8',
    ],
    [
      'a lang:eng',
      'query: expected a two-letter ISO 639-1 language code such as en after lang: at character 8',
    ],
    [
      'a score:25',
      'query: expected a comparison (>=, >, <=, < or =) and a whole number after score: at character 9',
    ],
    [
      'a score:>=2.5',
      'query: expected a comparison (>=, >, <=, < or =) and a whole number after score: at character 9',
    ],
    ['a site:localhost', 'query: expected a domain such as example.com after site: at character 8'],
    ['a flair:""', 'query: expected flair text, such as flair:"Help" at character 9'],
    ['a {"x*"}', 'query: expected a word or phrase between { and }, not a prefix at character 3'],
    ['a ` `', 'query: expected a character between ` and ` at character 3'],
    [
      '-acme',
      'query: expected a word, phrase, prefix, literal, sub:, author: or site: outside NOT (only negations match nothing) at character 1',
    ],
    [
      '-a -b',
      'query: expected a word, phrase, prefix, literal, sub:, author: or site: outside NOT (only negations match nothing) at character 1',
    ],
    [
      'type:post nsfw:no',
      'query: expected a word, phrase, prefix, literal, sub:, author: or site: outside NOT at character 1',
    ],
    [
      'acme OR type:post',
      'query: expected a word, phrase, prefix, literal, sub:, author: or site: outside NOT in each OR branch at character 9',
    ],
    [
      'acme (b OR -c)',
      'query: expected a word, phrase, prefix, literal, sub:, author: or site: outside NOT in each OR branch at character 12',
    ],
  ])('%j', (query, message) => {
    expect(errorOf(query)).toEqual(message);
  });

  it('names characters, not UTF-16 units, after an emoji', () => {
    expect(errorOf('"🚀 acme" OR')).toBe('query: expected a term after OR at character 12');
  });

  it('accepts a NOT around an OR branch without anchor', () => {
    expect(parseQuery('acme -(type:post OR nsfw:yes)')).toEqual(
      and(word('acme'), not(or({ kind: 'type', value: 'post' }, { kind: 'nsfw', value: true }))),
    );
  });

  it('files a query with no text term under sub:', () => {
    expect(parseQuery('sub:rust type:post')).toEqual(
      and({ kind: 'sub', names: ['rust'] }, { kind: 'type', value: 'post' }),
    );
  });
});
