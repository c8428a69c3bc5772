import type { Request, Response } from 'express';
import type { AppRequest } from '../../../common/http/request-of.js';
import type { RequestAuthenticator } from '../../auth/request-authenticator.service.js';
import { graphqlRefusal } from '../errors/graphql-refusal.js';

/** What every resolver and guard sees as the GraphQL context: httpOf() reads req and res from it. */
export interface GraphqlContext {
  req: AppRequest;
  res: Response;
}

/**
 * Authenticates the request before its document is even parsed: without a valid key nothing
 * (not `{ __typename }`, not a syntax error) is answered but 401. The guards that run for each
 * root field then reuse this one authentication.
 */
export function graphqlContextFactory(authenticator: RequestAuthenticator) {
  return async ({ req, res }: { req: Request; res: Response }): Promise<GraphqlContext> => {
    try {
      await authenticator.authenticate(req, 'alerts');
    } catch (error) {
      throw graphqlRefusal(error);
    }
    return { req, res };
  };
}
