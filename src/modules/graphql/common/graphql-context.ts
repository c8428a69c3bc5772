import type { Request, Response } from 'express';
import type { AppRequest } from '../../../common/http/request-of.js';
import type { RequestAuthenticator } from '../../auth/request-authenticator.service.js';
import { graphqlRefusal } from '../errors/graphql-refusal.js';
import type { OperationLimitGate } from '../limits/operation-limit-gate.js';
import { requestOperation } from './request-operation.js';

/** What every resolver and guard sees as the GraphQL context: httpOf() reads req and res from it. */
export interface GraphqlContext {
  req: AppRequest;
  res: Response;
}

/**
 * Runs before Apollo parses the document: first the key or the session (without a valid one
 * nothing, not `{ __typename }`, not a syntax error, is answered but 401, except a lone signIn;
 * the guards that run for each root field reuse this one authentication), then the operation
 * limits.
 */
export function graphqlContextFactory(
  authenticator: RequestAuthenticator,
  limits: OperationLimitGate,
) {
  return async ({ req, res }: { req: Request; res: Response }): Promise<GraphqlContext> => {
    try {
      await authenticator.authenticateGraphql(req, 'alerts', () => requestOperation(req));
    } catch (error) {
      throw graphqlRefusal(error);
    }
    const exceeded = limits.refusalFor(req);
    if (exceeded) throw exceeded;
    return { req, res };
  };
}
