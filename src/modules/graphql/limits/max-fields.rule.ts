import { GraphQLError, type ValidationRule } from 'graphql';

/**
 * Field selections written in the whole document (operations and fragments). graphql-js's check
 * that fields of one name can be merged compares them pairwise, so the work of validating grows
 * with the square of this number.
 */
export function maxFieldsRule(limit: number): ValidationRule {
  return (context) => {
    let count = 0;
    let reported = false;
    return {
      Field(node) {
        count += 1;
        if (count > limit && !reported) {
          reported = true;
          context.reportError(
            new GraphQLError(`Field limit of ${limit} exceeded.`, { nodes: node }),
          );
        }
      },
    };
  };
}
