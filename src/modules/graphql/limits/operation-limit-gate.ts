import type { ApolloServerPlugin } from '@apollo/server';
import type { Request } from 'express';
import { parse, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import { queryRefusal } from '../errors/graphql-refusal.js';
import { OPERATION_PARSE_OPTIONS, operationLimitRules } from './operation-limits.js';

/**
 * Checks the limits before Apollo parses and validates the document: graphql-js's validation
 * compares fields pairwise, a cost a hostile document can make quadratic, and Apollo runs our
 * rules only alongside it. The limit rules are one linear walk of a document of at most
 * OPERATION_LIMITS.tokens tokens, parsed here a first time (a millisecond at that size).
 */
export class OperationLimitGate {
  private readonly rules = operationLimitRules();
  private schema: GraphQLSchema | null = null;

  /** Hands the gate the schema the server runs. */
  readonly plugin: ApolloServerPlugin = {
    serverWillStart: async ({ schema }) => {
      this.schema = schema;
    },
  };

  /** The refusal for this request's document, or null (also when it does not parse: Apollo says why). */
  refusalFor(request: Request): Error | null {
    const document = this.documentOf(request);
    if (!document || !this.schema) return null;
    const [exceeded] = validate(this.schema, document, this.rules);
    return exceeded ? queryRefusal(exceeded) : null;
  }

  private documentOf(request: Request): DocumentNode | null {
    const source: unknown =
      request.method === 'GET'
        ? request.query.query
        : (request.body as { query?: unknown } | undefined)?.query;
    if (typeof source !== 'string') return null;
    try {
      return parse(source, OPERATION_PARSE_OPTIONS);
    } catch {
      return null;
    }
  }
}
