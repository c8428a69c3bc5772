import type { Request } from 'express';
import { Kind, parse, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import type { GraphqlOperation } from '../../auth/graphql-operation.js';
import { OPERATION_PARSE_OPTIONS } from '../limits/operation-limits.js';

function operationIn(document: DocumentNode, name: unknown): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode =>
      definition.kind === Kind.OPERATION_DEFINITION,
  );
  if (typeof name === 'string') return operations.find((operation) => operation.name?.value === name);
  return operations.length === 1 ? operations[0] : undefined;
}

/**
 * The operation a POST /graphql body asks to run, read under the same token limit as the
 * operation limits (a huge document costs no more than a refused one); null when there is none
 * to read: Apollo then says why, once the caller is known.
 */
export function requestOperation(request: Request): GraphqlOperation | null {
  const body = request.body as { query?: unknown; operationName?: unknown } | undefined;
  if (request.method !== 'POST' || typeof body?.query !== 'string') return null;
  let document: DocumentNode;
  try {
    document = parse(body.query, OPERATION_PARSE_OPTIONS);
  } catch {
    return null;
  }
  const operation = operationIn(document, body.operationName);
  if (!operation) return null;
  return {
    type: operation.operation,
    rootFields: operation.selectionSet.selections.flatMap((selection) => {
      if (selection.kind !== Kind.FIELD) return ['...'];
      return selection.name.value === '__typename' ? [] : [selection.name.value];
    }),
  };
}
