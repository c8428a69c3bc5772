import type { Request, Response } from 'express';
import { AppError } from '../../../common/errors/app-error.js';
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
 * Runs before Apollo parses the document: the key or session first (without a valid one everything,
 * even a syntax error, answers 401, except a lone public field: signIn, sign-up's, the setup link's), then the
 * operation limits. A caller of the other product passes here; each root field's guard answers
 * 403 wrong_product, as REST does.
 */
export function graphqlContextFactory(
  authenticator: RequestAuthenticator,
  limits: OperationLimitGate,
) {
  return async ({ req, res }: { req: Request; res: Response }): Promise<GraphqlContext> => {
    try {
      await authenticator.authenticateGraphql(req, 'alerts', () => requestOperation(req));
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'wrong_product')) {
        throw graphqlRefusal(error);
      }
    }
    const exceeded = limits.refusalFor(req);
    if (exceeded) throw exceeded;
    return { req, res };
  };
}
