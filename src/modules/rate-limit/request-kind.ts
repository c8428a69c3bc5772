import type { ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import { requestOf } from '../../common/http/request-of.js';
import { READ_ROUTE } from './rate-limit.decorators.js';

/**
 * GET and HEAD requests, GraphQL queries and routes marked as reads (READ_ROUTE) are reads;
 * everything else is a write.
 */
export function isReadRequest(context: ExecutionContext): boolean {
  if (Reflect.getMetadata(READ_ROUTE, context.getHandler()) === true) return true;
  if (context.getType<string>() === 'graphql') {
    return (
      GqlExecutionContext.create(context).getInfo<{ operation: { operation: string } }>().operation
        .operation === 'query'
    );
  }
  const { method } = requestOf(context);
  return method === 'GET' || method === 'HEAD';
}
