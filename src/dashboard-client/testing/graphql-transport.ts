import { vi } from 'vitest';

type Variables = Record<string, unknown>;

/**
 * A resolver throws it to answer as the server refuses: a GraphQL error with REST's code; with
 * `retryAfterSeconds`, a 429 carrying Retry-After, as a rate_limited refusal comes.
 */
export class Refusal extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/**
 * Stands in for the server behind /graphql, the client's one way out (fetch): answers each
 * operation by its name with what its resolver returns, and keeps the variables sent.
 */
export function fakeGraphql(resolvers: Record<string, (variables: Variables) => unknown>) {
  const sent: { operation: string; variables: Variables }[] = [];
  vi.stubGlobal('fetch', async (_path: string, init: RequestInit) => {
    const { query, variables } = JSON.parse(init.body as string) as {
      query: string;
      variables: Variables;
    };
    const operation = /\b(?:query|mutation)\s+(\w+)/.exec(query)![1];
    sent.push({ operation, variables });
    const resolve = resolvers[operation];
    if (resolve === undefined) throw new Error(`The fake server has no answer for ${operation}`);
    let body: unknown;
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    let status = 200;
    try {
      body = { data: resolve(variables) };
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      body = { data: null, errors: [{ message: error.message, extensions: { code: error.code } }] };
      if (error.retryAfterSeconds !== undefined) {
        status = 429;
        headers['Retry-After'] = String(error.retryAfterSeconds);
      }
    }
    return new Response(JSON.stringify(body), { status, headers });
  });
  return {
    /** The variables of each request of one operation, in the order they were sent. */
    sent: (operation: string): Variables[] =>
      sent.filter((request) => request.operation === operation).map(({ variables }) => variables),
  };
}
