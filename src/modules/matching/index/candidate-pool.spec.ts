import { CandidatePool, HAS_FILTER, MATCHES_ON_ANCHOR } from './candidate-pool.js';
import { TRACKS_COMMENTS, TRACKS_POSTS, type IndexedKeyword } from './indexed-keyword.js';
import { KeywordFilter } from '../rules/keyword-filter.js';
import type { MatchRule } from '../rules/match-rule.js';
import { PRESENCE_RULE } from '../rules/presence-rule.js';

function keyword(
  id: string,
  requiredTermId = 0,
  rule: MatchRule = PRESENCE_RULE,
  filter: KeywordFilter | null = null,
): IndexedKeyword {
  const definition = {
    id,
    accountId: 'account',
    text: id,
    mode: 'exact' as const,
    trackPosts: true,
    trackComments: true,
  };
  return {
    definition,
    rule,
    perField: rule.perField,
    anchorOffset: 0,
    filter,
    tracks: TRACKS_POSTS | TRACKS_COMMENTS,
    anchorTerm: null,
    nextTerm: null,
    requiredTermId,
    terms: [],
    exclusionTerms: [],
    names: [],
    node: 0,
    query: null,
    symbolPhrase: null,
    scope: null,
  };
}

function ids(pool: CandidatePool, head: number): string[] {
  const found: string[] = [];
  for (let node = head; node !== 0; node = pool.next(node)) {
    found.push(pool.keyword(node).definition.id);
  }
  return found;
}

describe('CandidatePool', () => {
  it('lists keywords from the last inserted, with their required term and flags', () => {
    const pool = new CandidatePool();
    const verified: MatchRule = { perField: true, matches: () => true };
    let head = pool.insert(0, keyword('a'));
    head = pool.insert(head, keyword('b', 42, verified));
    expect(ids(pool, head)).toEqual(['b', 'a']);
    expect(pool.requiredTermId(head)).toBe(42);
    expect(pool.flags(head)).toBe(TRACKS_POSTS | TRACKS_COMMENTS);
    expect(pool.flags(pool.next(head))).toBe(TRACKS_POSTS | TRACKS_COMMENTS | MATCHES_ON_ANCHOR);
    expect(pool.definition(head).id).toBe('b');
  });

  it('flags a keyword with filters', () => {
    const pool = new CandidatePool();
    const filter = new KeywordFilter([], null, Int32Array.of(1), null);
    const node = pool.insert(0, keyword('a', 0, PRESENCE_RULE, filter));
    expect(pool.flags(node)).toBe(TRACKS_POSTS | TRACKS_COMMENTS | MATCHES_ON_ANCHOR | HAS_FILTER);
  });

  it('keeps a matched stamp per node until cleared, and a reused node starts without one', () => {
    const pool = new CandidatePool();
    const first = pool.insert(0, keyword('a'));
    const second = pool.insert(first, keyword('b'));
    pool.markMatched(first, 7);
    expect([pool.matchedStamp(first), pool.matchedStamp(second)]).toEqual([7, 0]);
    pool.markMatched(second, 9);
    pool.clearMatchedStamps();
    expect([pool.matchedStamp(first), pool.matchedStamp(second)]).toEqual([0, 0]);
    pool.markMatched(first, 3);
    pool.remove(second, first);
    expect(pool.matchedStamp(pool.insert(0, keyword('c')))).toBe(0);
  });

  it('removes the head, a middle node and the tail', () => {
    const pool = new CandidatePool();
    const nodes: number[] = [];
    let head = 0;
    for (const id of ['a', 'b', 'c', 'd', 'e']) {
      head = pool.insert(head, keyword(id));
      nodes.push(head);
    }
    head = pool.remove(head, nodes[4]);
    head = pool.remove(head, nodes[2]);
    head = pool.remove(head, nodes[0]);
    expect(ids(pool, head)).toEqual(['d', 'b']);
    head = pool.remove(head, nodes[3]);
    head = pool.remove(head, nodes[1]);
    expect(head).toBe(0);
  });

  it('keeps separate lists apart and reuses freed nodes', () => {
    const pool = new CandidatePool();
    const first = pool.insert(0, keyword('a'));
    let second = pool.insert(0, keyword('b'));
    pool.remove(first, first);
    second = pool.insert(second, keyword('c'));
    expect(second).toBe(first);
    expect(ids(pool, second)).toEqual(['c', 'b']);
  });

  it('grows past its initial size', () => {
    const pool = new CandidatePool();
    let head = 0;
    for (let index = 0; index < 5000; index++) head = pool.insert(head, keyword(`k${index}`));
    expect(ids(pool, head)).toHaveLength(5000);
  });
});
