/**
 * The keyword fields a request sets and the matcher reads, one row each, in the order REST
 * shows them. The key is the field's name in the definition, the entity and GraphQL; `rest` its
 * name in REST bodies and messages; `column` its column in the keywords table. A `list` is a
 * filter: a list of strings stored as a JSON array, `[]` when unset. Its `items` name their kind,
 * whose rule (checks, limits, schema) keywords/keyword-rules.ts holds; `given` is how a request's
 * schema describes the list, around what that rule says of the items.
 *
 * `description` is what the field means, as a keyword shows it, in REST and in GraphQL.
 * `graphqlDescription` is schema.gql's older wording where it differs (null: none there): the
 * served schema may not change, so both texts stay, here only (keyword-descriptions.e2e-spec.ts
 * checks every place that shows one). A new field has one description.
 *
 * The matcher reads this table (the live store's columns, the filters of a definition) and so
 * does the keywords feature (validation, the REST and GraphQL shapes), which sits above it.
 */
export const KEYWORD_FIELDS = {
  text: {
    rest: 'text',
    column: 'text',
    description: 'The tracked term; immutable.',
    graphqlDescription: null,
  },
  mode: {
    rest: 'mode',
    column: 'mode',
    description:
      'exact (phrase), proximity (all words within n + 5 words) or broad (all stems anywhere).',
    graphqlDescription: null,
  },
  trackPosts: {
    rest: 'track_posts',
    column: 'track_posts',
    description: 'Match new posts.',
    graphqlDescription: null,
  },
  trackComments: {
    rest: 'track_comments',
    column: 'track_comments',
    description: 'Match new comments.',
    graphqlDescription: null,
  },
  exclude: {
    rest: 'exclude',
    column: 'exclude_phrases',
    list: {
      items: 'phrases',
      given: (items) =>
        `${items}; found as exact keywords are, in a post's title or selftext, a comment's body.`,
    },
    // "(as exact)" is what keyword-filter.ts does: token by token, not any substring.
    description: 'Exclusion phrases: a match is dropped when the item contains one (as exact).',
    graphqlDescription: 'Exclusion phrases: an item containing one never matches.',
  },
  subreddits: {
    rest: 'subreddits',
    column: 'subreddits',
    list: {
      items: 'subreddit names',
      given: (items) => `${items}; when not empty, only items from these match.`,
    },
    description: 'Subreddits without r/; when not empty, only items from these match.',
    graphqlDescription: 'Without r/; when not empty, only items from these subreddits match.',
  },
  excludeSubreddits: {
    rest: 'exclude_subreddits',
    column: 'exclude_subreddits',
    list: { items: 'subreddit names', given: (items) => `${items} whose items never match.` },
    description: 'Subreddits without r/; items from these never match.',
    graphqlDescription: 'Without r/; items from these never match.',
  },
  excludeAuthors: {
    rest: 'exclude_authors',
    column: 'exclude_authors',
    list: { items: 'user names', given: (items) => `${items} whose items never match.` },
    description: 'User names without u/; items by these never match.',
    graphqlDescription: 'Without u/; items by these authors never match.',
  },
} as const satisfies Record<string, KeywordField>;

/** The kinds of item a filter list holds, as messages name them. */
export type ListItemKind = 'phrases' | 'subreddit names' | 'user names';

export interface KeywordList {
  items: ListItemKind;
  /** The list's description in a request's schema, from the kind's own (`items`). */
  given(items: string): string;
}

export interface KeywordField {
  rest: string;
  column: string;
  list?: KeywordList;
  description: string;
  graphqlDescription?: string | null;
}

export type KeywordFieldName = keyof typeof KEYWORD_FIELDS;

/** The filter lists: the fields whose row says `list`. */
export type KeywordListField = {
  [F in KeywordFieldName]: (typeof KEYWORD_FIELDS)[F] extends { list: KeywordList } ? F : never;
}[KeywordFieldName];

/**
 * A keyword the matcher matches, as SQL on the keywords table: active and not deleted. The one
 * spelling: the live store reads by it and KeywordStore counts and hands it out by it.
 */
export const ACTIVE_KEYWORD = 'active = TRUE AND deleted_at IS NULL';

type Row = [KeywordFieldName, KeywordField];
const ROWS = Object.entries(KEYWORD_FIELDS) as Row[];

export const KEYWORD_FIELD_NAMES = ROWS.map(([name]) => name);
export const KEYWORD_LIST_FIELDS = ROWS.filter(([, field]) => field.list).map(
  ([name]) => name as KeywordListField,
);
const SCALAR_COLUMNS = ROWS.filter(([, field]) => !field.list).map(([, field]) => field.column);
const LIST_COLUMNS = KEYWORD_LIST_FIELDS.map((name) => KEYWORD_FIELDS[name].column);

/**
 * The columns of a keyword the matcher reads, as SQL: the scalar fields in the table's order,
 * then every filter list as one JSON array of arrays, `filters`, null when all are empty (most
 * keywords): one column to ship instead of one per list; then the query (decisions.md section 13).
 */
export function keywordValueColumns(): string {
  const allEmpty = LIST_COLUMNS.map((column) => `${column} = '[]'`).join(' AND ');
  const joined = LIST_COLUMNS.join(" || ',' || ");
  const filters = `CASE WHEN ${allEmpty} THEN NULL ELSE '[' || ${joined} || ']' END`;
  return `${SCALAR_COLUMNS.join(', ')}, ${filters} AS filters, "query"`;
}

/** The filter lists of `keywordValueColumns`' `filters`, or undefined when it is null. */
export function filterListsOf(
  json: string | null,
): Record<KeywordListField, readonly string[]> | undefined {
  if (json === null) return undefined;
  const lists = JSON.parse(json) as string[][];
  const filters: Partial<Record<KeywordListField, readonly string[]>> = {};
  KEYWORD_LIST_FIELDS.forEach((name, index) => (filters[name] = lists[index]));
  return filters as Record<KeywordListField, readonly string[]>;
}
