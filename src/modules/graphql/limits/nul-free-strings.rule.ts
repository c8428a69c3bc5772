import { GraphQLError, type ValidationRule } from 'graphql';
import { containsNul, NUL_REFUSAL } from '../../../common/validation/nul-character.js';

/**
 * String literals of a query (`alert(id: "a\u0000b")`) under the rule every REST input follows.
 * Variables arrive in the JSON body, which is checked before GraphQL sees it.
 */
export const nulFreeStringsRule: ValidationRule = (context) => ({
  StringValue(node) {
    if (containsNul(node.value))
      context.reportError(new GraphQLError(NUL_REFUSAL, { nodes: node }));
  },
});
