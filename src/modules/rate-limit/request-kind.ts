import type { ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import { requestOf } from '../../common/http/request-of.js';

/** GET and HEAD requests and GraphQL queries are reads; everything else is a write. */
export function isReadRequest(context: ExecutionContext): boolean {
  if (context.getType<string>() === 'graphql') {
    return (
      GqlExecutionContext.create(context).getInfo<{ operation: { operation: string } }>().operation
        .operation === 'query'
    );
  }
  const { method } = requestOf(context);
  return method === 'GET' || method === 'HEAD';
}
