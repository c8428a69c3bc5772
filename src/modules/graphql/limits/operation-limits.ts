import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import type { GraphQLError, ParseOptions, ValidationContext, ValidationRule } from 'graphql';
import { maxFieldsRule } from './max-fields.rule.js';
import { maxRootFieldsRule } from './root-fields.rule.js';

/**
 * What one document may ask for. A refusal is 400 invalid_body, found by walking the parsed
 * document once before any other validation (OperationLimitGate): it never reaches a resolver.
 * Measured by bench:graphql.
 */
export const OPERATION_LIMITS = {
  /** Lexical tokens of the document: bounds parsing and validation (field merging is quadratic in repetitions). */
  tokens: 1_000,
  /** Field selections written in the document; the largest useful query has under 100. */
  fields: 150,
  /** Aliased fields anywhere in the operation. */
  aliases: 15,
  /** Top-level fields: each is a separate read or write. */
  rootFields: 10,
  /** Nesting of selections; the schema's deepest useful path (alerts → edges → node → keyword → id) is 5. */
  depth: 6,
  /** graphql-armor's static cost; a full 100-alert page with its keywords is about 12,000. */
  cost: 20_000,
} as const;

export const OPERATION_PARSE_OPTIONS: ParseOptions = { maxTokens: OPERATION_LIMITS.tokens };

/** graphql-armor rules report into the validation result instead of throwing out of validate(). */
const reportToValidation = {
  propagateOnRejection: false,
  onReject: [
    (context: ValidationContext | null, error: GraphQLError) => context?.reportError(error),
  ],
};

export function operationLimitRules(): ValidationRule[] {
  return [
    maxFieldsRule(OPERATION_LIMITS.fields),
    maxAliasesRule({ n: OPERATION_LIMITS.aliases, ...reportToValidation }),
    // Fragments add no level or cost of their own: a query split into fragments by a code
    // generator counts as the same query written inline.
    maxDepthRule({ n: OPERATION_LIMITS.depth, flattenFragments: true, ...reportToValidation }),
    costLimitRule({
      maxCost: OPERATION_LIMITS.cost,
      flattenFragments: true,
      ...reportToValidation,
    }),
    maxRootFieldsRule(OPERATION_LIMITS.rootFields),
  ] as ValidationRule[];
}
