import type { TypedDocumentString } from '../gql/graphql';

export const GRAPHQL_PATH = '/graphql';

/** A GraphQL error as the server shapes it: REST's stable code in extensions.code. */
export class GraphqlError extends Error {
  constructor(
    message: string,
    readonly code: string,
    /** How long the server asked to wait (Retry-After) before asking again; null when it did not. */
    readonly retryAfterMs: number | null = null,
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

/** Retry-After in seconds, as the server sends it with a rate_limited refusal; null without one. */
function retryAfterMsOf(response: Response): number | null {
  const seconds = response.headers.get('Retry-After')?.trim();
  return seconds !== undefined && /^\d+$/.test(seconds) ? Number(seconds) * 1000 : null;
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
  const retryAfterMs = retryAfterMsOf(response);
  let answer: GraphqlAnswer<TResult>;
  try {
    answer = (await response.json()) as GraphqlAnswer<TResult>;
  } catch {
    // A proxy's own 429 has no GraphQL body: it is still the rate limit.
    const code = response.status === 429 ? 'rate_limited' : 'unavailable';
    throw new GraphqlError(`The server answered ${response.status}.`, code, retryAfterMs);
  }
  const [error] = answer.errors ?? [];
  if (error !== undefined) {
    throw new GraphqlError(error.message, error.extensions?.code ?? 'internal_error', retryAfterMs);
  }
  if (answer.data == null) throw new GraphqlError('The server sent no data.', 'internal_error');
  return answer.data;
}

export const errorCodeOf = (error: unknown): string | null =>
  error instanceof GraphqlError ? error.code : null;

export const retryAfterOf = (error: unknown): number | null =>
  error instanceof GraphqlError ? error.retryAfterMs : null;
