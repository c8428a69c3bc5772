import type { TypedDocumentString } from '../gql/graphql';

export const GRAPHQL_PATH = '/graphql';

/** A GraphQL error as the server shapes it: REST's stable code in extensions.code. */
export class GraphqlError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'GraphqlError';
  }
}

interface GraphqlAnswer<TResult> {
  data?: TResult | null;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}

/** viewer.csrfToken of the session, sent with every request (the server asks it of cookie callers). */
let csrfToken: string | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

type VariablesArgument<TVariables> =
  Record<string, never> extends TVariables ? [variables?: TVariables] : [variables: TVariables];

/** Runs one operation on this origin's /graphql with the session cookie. */
export function graphqlRequest<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  ...[variables]: VariablesArgument<TVariables>
): Promise<TResult> {
  return abortableGraphqlRequest(undefined, document, variables as TVariables);
}

/** graphqlRequest that gives up when `signal` aborts: a request a newer one made stale. */
export async function abortableGraphqlRequest<TResult, TVariables>(
  signal: AbortSignal | undefined,
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
): Promise<TResult> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
  };
  if (csrfToken !== null) headers['X-CSRF-Token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(GRAPHQL_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers,
      body: JSON.stringify({ query: document.toString(), variables: variables ?? {} }),
      signal,
    });
  } catch {
    throw new GraphqlError('The server cannot be reached. Check your connection.', 'unavailable');
  }
  let answer: GraphqlAnswer<TResult>;
  try {
    answer = (await response.json()) as GraphqlAnswer<TResult>;
  } catch {
    throw new GraphqlError(`The server answered ${response.status}.`, 'unavailable');
  }
  const [error] = answer.errors ?? [];
  if (error !== undefined) {
    throw new GraphqlError(error.message, error.extensions?.code ?? 'internal_error');
  }
  if (answer.data == null) throw new GraphqlError('The server sent no data.', 'internal_error');
  return answer.data;
}

export const errorCodeOf = (error: unknown): string | null =>
  error instanceof GraphqlError ? error.code : null;
