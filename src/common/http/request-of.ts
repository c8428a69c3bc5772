import type { ExecutionContext } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { RequestWithCaller } from '../../modules/auth/caller.js';

export type AppRequest = Request & RequestWithCaller;

interface GraphqlContext {
  req: AppRequest;
  res: Response;
}

export function httpOf(context: ExecutionContext): { req: AppRequest; res: Response } {
  if (context.getType<string>() === 'graphql') {
    const graphqlContext = context.getArgByIndex<GraphqlContext>(2);
    return { req: graphqlContext.req, res: graphqlContext.res };
  }
  const http = context.switchToHttp();
  return { req: http.getRequest<AppRequest>(), res: http.getResponse<Response>() };
}

export function requestOf(context: ExecutionContext): AppRequest {
  return httpOf(context).req;
}
