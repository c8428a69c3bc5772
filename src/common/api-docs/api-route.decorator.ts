import { applyDecorators } from '@nestjs/common';
import {
  ApiBody,
  ApiExtension,
  ApiOperation,
  ApiQuery,
  ApiResponse,
  type ApiQueryOptions,
  type ExamplesObject,
} from '@nestjs/swagger';
import type { ErrorCode } from '../errors/error-code.js';
import type { Schema } from './schema-helpers.js';

/** Where the document builder finds each route's own error codes; stripped from the output. */
export const ROUTE_ERRORS_EXTENSION = 'x-route-errors';

export interface RouteResponse {
  description: string;
  schema?: Schema;
  /** A media type other than application/json (feeds). */
  contentType?: string;
}

export interface RouteDoc {
  summary: string;
  description?: string;
  /** No API key: the route is outside the Authorization and rate-limit rules. */
  public?: true;
  query?: ApiQueryOptions[];
  body?: { schema: Schema; description?: string; examples?: ExamplesObject };
  responses: Record<number, RouteResponse>;
  /** This route's own failures; authentication, plan, rate-limit and internal errors are added for every authenticated route. */
  errors?: ErrorCode[];
}

/** The document builder adds what every route shares (security, common errors, rate-limit headers). */
export function ApiRoute(doc: RouteDoc): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      summary: doc.summary,
      ...(doc.description === undefined ? {} : { description: doc.description }),
      ...(doc.public ? { security: [] } : {}),
    }),
    ...(doc.query ?? []).map((parameter) => ApiQuery({ required: false, ...parameter })),
    ...(doc.body
      ? [ApiBody({ required: true, ...doc.body } as Parameters<typeof ApiBody>[0])]
      : []),
    ...Object.entries(doc.responses).map(([status, response]) =>
      ApiResponse(
        response.contentType === undefined
          ? {
              status: Number(status),
              description: response.description,
              ...(response.schema === undefined ? {} : { schema: response.schema }),
            }
          : {
              status: Number(status),
              description: response.description,
              content: {
                [response.contentType]: { schema: response.schema ?? { type: 'string' } },
              },
            },
      ),
    ),
    ApiExtension(ROUTE_ERRORS_EXTENSION, doc.errors ?? []),
  );
}
