import type { KeywordDefinition } from '../keyword-definition.js';
import { QueryKeyword } from './indexed-keyword.js';
import { ItemFieldLists, nameBucket } from './item-field-lists.js';
import { parseQuery } from '../query/query-parser.js';

function query(id: string): QueryKeyword {
  const definition: KeywordDefinition = {
    id,
    accountId: 'a',
    text: id,
    mode: 'exact',
    query: 'sub:rust',
    trackPosts: true,
    trackComments: true,
  };
  return new QueryKeyword(definition, parseQuery('sub:rust'), null, 3, false);
}

describe('ItemFieldLists', () => {
  it('says an item may be filed under its subreddit in any ASCII case, and not under another', () => {
    const lists = new ItemFieldLists();
    lists.add({ kind: 'sub', name: 'rust' }, query('q1'));
    expect(lists.mayBeFiledUnder('sub', 'Rust')).toBe(true);
    expect(lists.mayBeFiledUnder('sub', 'RUST')).toBe(true);
    expect(lists.mayBeFiledUnder('author', 'rust')).toBe(false);
    const others = ['golang', 'python', 'javascript', 'AskReddit', 'programming'];
    expect(others.filter((name) => nameBucket(name) === nameBucket('rust'))).toEqual([]);
    expect(others.map((name) => lists.mayBeFiledUnder('sub', name))).toEqual(
      others.map(() => false),
    );
  });

  it('always looks a name outside ASCII up, as lower-casing it may give ASCII', () => {
    const lists = new ItemFieldLists();
    lists.add({ kind: 'author', name: 'kelvin' }, query('q1'));
    expect('\u212Aelvin'.toLowerCase()).toBe('kelvin');
    expect(lists.mayBeFiledUnder('author', '\u212Aelvin')).toBe(true);
  });

  it('forgets a name once its last query is removed', () => {
    const lists = new ItemFieldLists();
    const [first, second] = [query('q1'), query('q2')];
    lists.add({ kind: 'sub', name: 'rust' }, first);
    lists.add({ kind: 'sub', name: 'rust' }, second);
    lists.remove({ kind: 'sub', name: 'rust' }, first);
    expect(lists.mayBeFiledUnder('sub', 'rust')).toBe(true);
    lists.remove({ kind: 'sub', name: 'rust' }, second);
    expect(lists.mayBeFiledUnder('sub', 'rust')).toBe(false);
    expect(lists.has('sub')).toBe(false);
  });
});
