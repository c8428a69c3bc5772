import type { KeywordDefinition } from '../../src/modules/matching/keyword-definition.js';
import { KeywordMatcher } from '../../src/modules/matching/keyword-matcher.js';

/**
 * Gives keywords a query in the app's keyword index (in-process), for tests of what queries do
 * downstream of the matcher while keywords have no `query` column in this branch. Once they do,
 * create the keywords with POST /keywords { query } instead and drop this. The keywords are
 * still created through the API: only their definition in the index gains its query.
 */
export function giveQueries(queryByText: Record<string, string>): () => void {
  const add = KeywordMatcher.prototype.add;
  const upsert = KeywordMatcher.prototype.upsert;
  const withQuery = (definition: KeywordDefinition): KeywordDefinition =>
    definition.text in queryByText
      ? { ...definition, query: queryByText[definition.text] }
      : definition;
  const spies = [
    jest.spyOn(KeywordMatcher.prototype, 'add').mockImplementation(function (
      this: KeywordMatcher,
      definition,
    ) {
      add.call(this, withQuery(definition));
    }),
    jest.spyOn(KeywordMatcher.prototype, 'upsert').mockImplementation(function (
      this: KeywordMatcher,
      definition,
    ) {
      upsert.call(this, withQuery(definition));
    }),
  ];
  return () => spies.forEach((spy) => spy.mockRestore());
}
