import {
  GraphQLError,
  Kind,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

/** The top-level fields an operation runs, counted through inline fragments and fragment spreads. */
function countRootFields(
  context: ValidationContext,
  selectionSet: SelectionSetNode,
  spreadFragments: Set<string>,
): number {
  let count = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      count += 1;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      count += countRootFields(context, selection.selectionSet, spreadFragments);
    } else if (!spreadFragments.has(selection.name.value)) {
      spreadFragments.add(selection.name.value);
      const fragment = context.getFragment(selection.name.value);
      if (fragment) count += countRootFields(context, fragment.selectionSet, spreadFragments);
    }
  }
  return count;
}

/**
 * Each top-level field is a separate read or write (and guard run); an operation may run at most
 * `limit` of them.
 */
export function maxRootFieldsRule(limit: number): ValidationRule {
  return (context) => ({
    OperationDefinition(operation) {
      const count = countRootFields(context, operation.selectionSet, new Set());
      if (count > limit) {
        context.reportError(
          new GraphQLError(`Root field limit of ${limit} exceeded, found ${count}.`, {
            nodes: operation,
          }),
        );
      }
    },
  });
}
