import type { GraphqlOperation } from './graphql-operation.js';

/**
 * What a request does with its key (decisions section 15: a `read` key may only read): `read`
 * (a GET route, a GraphQL query) or `write` (anything else).
 */
export type RequestAccess = 'read' | 'write';

/** HEAD is answered by the GET route it mirrors. */
export const restAccessOf = (method: string): RequestAccess =>
  method === 'GET' || method === 'HEAD' ? 'read' : 'write';

/**
 * GET /graphql runs queries only (Apollo refuses a mutation over GET). A POST whose operation
 * cannot be read runs nothing either, but counts as a write: a read key is refused rather
 * than trusted with a document it may not send.
 */
export const graphqlAccessOf = (
  method: string,
  operation: GraphqlOperation | null,
): RequestAccess => (method === 'GET' || operation?.type === 'query' ? 'read' : 'write');
