import { parseQuery } from '../query/query-parser.js';
import { queryAnchors, type QueryAnchor } from './query-anchors.js';

const nobodyShares = (): number => 0;

/** The anchors of a query, written as kind:key (a pair as key+next). */
function anchorsOf(query: string, sharing: (anchor: QueryAnchor) => number = nobodyShares) {
  return queryAnchors(parseQuery(query), sharing)?.map((anchor) => {
    if (anchor.kind === 'text') return `text:${anchor.text}`;
    if (anchor.kind !== 'term') return `${anchor.kind}:${anchor.name}`;
    const { kind, key, nextKey } = anchor.anchor;
    return `${kind}:${key}${nextKey === null ? '' : `+${nextKey}`}`;
  });
}

describe('queryAnchors', () => {
  it('files an AND under its rarest operand, never under a negated one', () => {
    expect(anchorsOf('the zentrixly -frobnicator')).toEqual(['token:zentrixly']);
    expect(anchorsOf('acme type:post -sub:pics')).toEqual(['token:acme']);
  });

  it('files an OR under one anchor per branch', () => {
    expect(anchorsOf('acme OR "globex corp" OR sub:rust')).toEqual([
      'token:acme',
      'token:globex+corp',
      'sub:rust',
    ]);
  });

  it('keeps the title: or body: scope an anchor has in every branch holding it', () => {
    const scopesOf = (query: string) =>
      queryAnchors(parseQuery(query), nobodyShares)?.map((anchor) =>
        anchor.kind === 'term' || anchor.kind === 'text' ? anchor.scope : 'none',
      );
    expect(scopesOf('title:acme')).toEqual(['title']);
    expect(scopesOf('body:(acme OR `c++`) -title:globex')).toEqual(['body', 'body']);
    expect(scopesOf('title:acme OR (title:acme price)')).toEqual(['title']);
    expect(scopesOf('title:acme OR body:acme')).toEqual([null]);
    expect(scopesOf('title:acme OR sub:rust')).toEqual(['title', 'none']);
  });

  it('files a query once under an anchor two branches share', () => {
    expect(anchorsOf('(zentrixly crm) OR (zentrixly erp) OR frobnicator')).toEqual([
      'token:zentrixly',
      'token:frobnicator',
    ]);
  });

  it('files a query without a text term under its names', () => {
    expect(anchorsOf('sub:(rust,golang) type:post')).toEqual(['sub:rust', 'sub:golang']);
    expect(anchorsOf('author:bob lang:en')).toEqual(['author:bob']);
    expect(anchorsOf('site:acme.io')).toEqual(['site:acme.io']);
  });

  it('prefers a rare word to a name, and a less shared anchor to a more shared one', () => {
    expect(anchorsOf('zentrixly sub:rust')).toEqual(['token:zentrixly']);
    const crowded = (anchor: QueryAnchor) =>
      anchor.kind === 'term' && anchor.anchor.key === 'zentrixly' ? 1_000_000 : 0;
    expect(anchorsOf('zentrixly frobnicator', crowded)).toEqual(['token:frobnicator']);
  });

  it('files a prefix under its last word as a prefix term, or under a whole word before it', () => {
    expect(anchorsOf('plu*')).toEqual(['prefix:plu']);
    expect(anchorsOf('plug*')).toEqual(['prefix:plug']);
    expect(anchorsOf('recommend*')).toEqual(['prefix:recommend']);
    expect(anchorsOf('"zentrixly plug*"')).toEqual(['token:zentrixly']);
  });

  it('files a literal under a word it holds whole, else under its text', () => {
    expect(anchorsOf('`c++20`')).toEqual(['text:c++20']);
    expect(anchorsOf('` .zentrixly.`')).toEqual(['token:zentrixly']);
  });

  it('files a NEAR under either side and a case-sensitive term under its folded words', () => {
    expect(anchorsOf('the NEAR/3 (zentrixly OR frobnicator)')).toEqual([
      'token:zentrixly',
      'token:frobnicator',
    ]);
    expect(anchorsOf('{ZENTRIXLY}')).toEqual(['token:zentrixly']);
  });
});
