import type { Request, Response } from 'express';
import type { AppRequest } from '../../../common/http/request-of.js';

/** What every resolver and guard sees as the GraphQL context: httpOf() reads req and res from it. */
export interface GraphqlContext {
  req: AppRequest;
  res: Response;
}

export function createGraphqlContext({
  req,
  res,
}: {
  req: Request;
  res: Response;
}): GraphqlContext {
  return { req, res };
}
