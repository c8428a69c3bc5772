import { tokenHash } from '../text/field-scanner.js';
import { TermTable } from './term-table.js';
import { TokenTable } from './token-table.js';

/** The ids of the terms a word resolves to, found inside a larger text. */
function resolveWord(table: TokenTable, word: string, hash = tokenHash(word)) {
  table.syncTerms();
  const slot = table.resolve(`(${word})`, 1, 1 + word.length, hash, 0);
  return { tokenTerm: table.tokenTermId(slot), stemTerm: table.stemTermId(slot) };
}

describe('TokenTable', () => {
  it('resolves a token to its token term and its stem term', () => {
    const terms = new TermTable();
    const token = terms.acquire('token', 'prices');
    const stem = terms.acquire('stem', 'price');
    const table = new TokenTable(terms);
    expect(resolveWord(table, 'prices')).toEqual({ tokenTerm: token.id, stemTerm: stem.id });
    expect(resolveWord(table, 'pricing')).toEqual({ tokenTerm: 0, stemTerm: stem.id });
  });

  it('sees terms created and dropped after the token was first resolved', () => {
    const terms = new TermTable();
    const table = new TokenTable(terms);
    expect(resolveWord(table, 'acme').tokenTerm).toBe(0);
    const term = terms.acquire('token', 'acme');
    expect(resolveWord(table, 'acme').tokenTerm).toBe(term.id);
    terms.release(term);
    expect(resolveWord(table, 'acme').tokenTerm).toBe(0);
  });

  it('tells apart different tokens with the same hash', () => {
    const terms = new TermTable();
    const acme = terms.acquire('token', 'acme');
    const table = new TokenTable(terms);
    expect(resolveWord(table, 'acme', 7).tokenTerm).toBe(acme.id);
    expect(resolveWord(table, 'acmf', 7).tokenTerm).toBe(0);
    expect(resolveWord(table, 'acme', 7).tokenTerm).toBe(acme.id);
  });

  it('tells apart very long tokens that differ only in length', () => {
    const terms = new TermTable();
    const long = terms.acquire('token', 'a'.repeat(70_000));
    const table = new TokenTable(terms);
    expect(resolveWord(table, 'a'.repeat(70_000), 7).tokenTerm).toBe(long.id);
    expect(resolveWord(table, 'a'.repeat(70_001), 7).tokenTerm).toBe(0);
    expect(resolveWord(table, 'a'.repeat(70_000 - 65_536), 7).tokenTerm).toBe(0);
  });

  it('keeps every token through growth', () => {
    const terms = new TermTable();
    const wanted = terms.acquire('token', 'word777');
    const table = new TokenTable(terms);
    for (let index = 0; index < 20_000; index++) resolveWord(table, `word${index}`);
    expect(table.size).toBe(20_000);
    expect(resolveWord(table, 'word777').tokenTerm).toBe(wanted.id);
  });

  it('starts afresh when full, still resolving correctly', () => {
    const terms = new TermTable();
    const wanted = terms.acquire('token', 'word3');
    const table = new TokenTable(terms, 100);
    for (let index = 0; index < 250; index++) resolveWord(table, `word${index}`);
    expect(table.size).toBeLessThanOrEqual(100);
    expect(resolveWord(table, 'word3').tokenTerm).toBe(wanted.id);
  });

  it('lists the prefix terms a token starts with, itself included, as they come and go', () => {
    const terms = new TermTable();
    const table = new TokenTable(terms);
    const prefixesOf = (word: string) => {
      table.syncTerms();
      const ids = table.prefixTermIds;
      const found: number[] = [];
      for (
        let at = table.prefixListOf(table.resolve(word, 0, word.length, tokenHash(word), 0));
        at !== 0 && ids[at] !== 0;
        at++
      ) {
        found.push(ids[at]);
      }
      return found;
    };
    const rec = terms.acquire('prefix', 'rec');
    const recommend = terms.acquire('prefix', 'recommend');
    terms.acquire('prefix', 'recommendations');
    expect(prefixesOf('recommend')).toEqual([rec.id, recommend.id]);
    expect(prefixesOf('record')).toEqual([rec.id]);
    expect(prefixesOf('re')).toEqual([]);
    terms.release(rec);
    expect(prefixesOf('recommendation')).toEqual([recommend.id]);
  });

  it('finds a longer prefix term past a shorter one that shares its start, after either goes', () => {
    const terms = new TermTable();
    const table = new TokenTable(terms);
    const prefixesOf = (word: string) => {
      table.syncTerms();
      const found: number[] = [];
      const ids = table.prefixTermIds;
      let at = table.prefixListOf(table.resolve(word, 0, word.length, tokenHash(word), 0));
      while (at !== 0 && ids[at] !== 0) found.push(ids[at++]);
      return found;
    };
    const recipe = terms.acquire('prefix', 'recipe');
    const recommend = terms.acquire('prefix', 'recommend');
    const recommendations = terms.acquire('prefix', 'recommendations');

    expect(prefixesOf('recording')).toEqual([]);
    expect(prefixesOf('recipes')).toEqual([recipe.id]);
    terms.release(recommend);
    // `recommend` still leads to `recommendations`, held: the look-up goes past its length.
    expect(prefixesOf('recommendationsx')).toEqual([recommendations.id]);
    expect(prefixesOf('recommending')).toEqual([]);
    terms.release(recommendations);
    expect(prefixesOf('recommendationsy')).toEqual([]);
    expect(prefixesOf('recipebook')).toEqual([recipe.id]);
  });
});
