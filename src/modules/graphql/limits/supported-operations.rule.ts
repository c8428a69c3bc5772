import { GraphQLError, type ValidationRule } from 'graphql';

/**
 * An operation whose root type the schema lacks (a subscription here) is a mistake of the query,
 * refused at validation; graphql-js would otherwise only fail it during execution.
 */
export const supportedOperationsRule: ValidationRule = (context) => ({
  OperationDefinition(operation) {
    if (!context.getSchema().getRootType(operation.operation)) {
      context.reportError(
        new GraphQLError(`This API has no ${operation.operation} operations.`, {
          nodes: operation,
        }),
      );
    }
  },
});
