import { GraphQLSchemaHost } from '@nestjs/graphql';
import { isInputObjectType, isObjectType, type GraphQLSchema } from 'graphql';
import { givenListSchema, KEYWORD_MODES } from '../../src/modules/keywords/keyword-rules.js';
import {
  KEYWORD_FIELD_NAMES,
  KEYWORD_FIELDS,
  KEYWORD_LIST_FIELDS,
  type KeywordField,
  type KeywordFieldName,
} from '../../src/modules/matching/keyword-fields.js';
import { createTestApp, type TestApp } from '../utils/create-test-app.js';

interface Property {
  description?: string;
  enum?: unknown[];
}
type Schemas = Record<string, { properties?: Record<string, Property> }>;

const row = (name: KeywordFieldName): KeywordField => KEYWORD_FIELDS[name];
/**
 * The one setting outside the table, named alike in both APIs: the matcher, which reads the
 * table, does not read the query yet (issue #33 wires it in).
 */
const QUERY = 'query';
const restName = (name: KeywordFieldName) => row(name).rest;

/** What a keyword field says in each place that shows it, served by the app, against KEYWORD_FIELDS. */
describe('each keyword field, described in one place (KEYWORD_FIELDS)', () => {
  let t: TestApp;
  let schemas: Schemas;
  let graphql: GraphQLSchema;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const document = (await t.http.get('/api/v1/openapi.json').expect(200)).body as {
      components: { schemas: Schemas };
    };
    schemas = document.components.schemas;
    graphql = t.app.get(GraphQLSchemaHost).schema;
  });
  afterAll(() => t.close());

  const restDescriptions = (schema: string, names: readonly KeywordFieldName[]) =>
    Object.fromEntries(
      names.map((name) => [name, schemas[schema].properties?.[restName(name)]?.description]),
    );
  const graphqlFields = (type: string) => {
    const named = graphql.getType(type);
    if (!isObjectType(named) && !isInputObjectType(named)) throw new Error(`${type}: no fields`);
    return named.getFields();
  };

  it("answers each field in REST's Keyword with its description", () => {
    expect(restDescriptions('Keyword', KEYWORD_FIELD_NAMES)).toEqual(
      Object.fromEntries(KEYWORD_FIELD_NAMES.map((name) => [name, row(name).description])),
    );
  });

  it("answers each field in GraphQL's Keyword with its description, or the older wording the table keeps", () => {
    const fields = graphqlFields('Keyword');
    expect(
      Object.fromEntries(KEYWORD_FIELD_NAMES.map((name) => [name, fields[name]?.description])),
    ).toEqual(
      Object.fromEntries(
        KEYWORD_FIELD_NAMES.map((name) => {
          const { description, graphqlDescription } = row(name);
          return [
            name,
            graphqlDescription === undefined ? description : (graphqlDescription ?? undefined),
          ];
        }),
      ),
    );
  });

  it('keeps a second wording only for the fields schema.gql described otherwise before the table', () => {
    const twoWordings = KEYWORD_FIELD_NAMES.filter(
      (name) => row(name).graphqlDescription !== undefined,
    );
    expect(twoWordings).toEqual([
      'text',
      'mode',
      'trackPosts',
      'trackComments',
      'exclude',
      'subreddits',
      'excludeSubreddits',
      'excludeAuthors',
    ]);
  });

  it('describes a filter list given in a POST item as in a PATCH body, the item adding its default', () => {
    const given = Object.fromEntries(
      KEYWORD_LIST_FIELDS.map((name) => [name, givenListSchema(name).description]),
    );
    expect(restDescriptions('UpdateKeyword', KEYWORD_LIST_FIELDS)).toEqual(given);
    expect(restDescriptions('KeywordItem', KEYWORD_LIST_FIELDS)).toEqual(
      Object.fromEntries(
        Object.entries(given).map(([name, text]) => [name, `${text} Default: [].`]),
      ),
    );
  });

  it('describes a keyword mode the same wherever a REST schema has one, searches included', () => {
    const modes: [string, string | undefined][] = [];
    const visit = (value: unknown, at: string): void => {
      if (value === null || typeof value !== 'object') return;
      const { enum: values, description } = value as Property;
      if (JSON.stringify(values) === JSON.stringify(KEYWORD_MODES)) {
        modes.push([at, description?.replace(/ Default: "exact"\.$/, '')]);
      }
      for (const [key, inner] of Object.entries(value)) visit(inner, `${at}/${key}`);
    };
    visit(schemas, '');
    expect(modes.map(([at]) => at.split('/')[1])).toEqual(
      expect.arrayContaining(['Keyword', 'KeywordItem', 'UpdateKeyword', 'Search', 'NewSearch']),
    );
    expect(modes).toEqual(modes.map(([at]) => [at, KEYWORD_FIELDS.mode.description]));
  });

  it('has every field in every keyword shape of both APIs, and no setting outside the table', () => {
    const settable = KEYWORD_FIELD_NAMES.filter((name) => name !== 'text');
    const restProperties = (schema: string) => Object.keys(schemas[schema].properties ?? {});
    // backfill_hours is asked of a creation, not a setting of the keyword (issue #34).
    expect(restProperties('KeywordItem')).toEqual([
      ...KEYWORD_FIELD_NAMES.map(restName),
      QUERY,
      'backfill_hours',
    ]);
    expect(restProperties('UpdateKeyword').sort()).toEqual(
      ['active', ...settable.map(restName), QUERY].sort(),
    );
    expect(restProperties('Keyword')).toEqual(
      expect.arrayContaining([...KEYWORD_FIELD_NAMES.map(restName), QUERY]),
    );
    expect(Object.keys(graphqlFields('CreateKeywordInput')).sort()).toEqual(
      [...KEYWORD_FIELD_NAMES, QUERY, 'backfillHours'].sort(),
    );
    expect(Object.keys(graphqlFields('UpdateKeywordInput')).sort()).toEqual(
      ['active', ...settable, QUERY].sort(),
    );
    expect(Object.keys(graphqlFields('Keyword'))).toEqual(
      expect.arrayContaining([...KEYWORD_FIELD_NAMES, QUERY]),
    );
  });

  it("describes a keyword's query alike in REST's Keyword and GraphQL's", () => {
    const rest = schemas.Keyword.properties?.[QUERY]?.description;
    expect(rest).toMatch(/^A search query \(docs\/matching.md\)/);
    expect(graphqlFields('Keyword')[QUERY].description).toBe(rest);
  });
});
