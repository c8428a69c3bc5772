import type { MatchRule } from './match-rule.js';

/**
 * The rule of a keyword that is a single bare word ("acme" exact, "prices" broad): its anchor
 * occurring in the field is the whole match, so there is nothing left to verify.
 */
export const PRESENCE_RULE: MatchRule = {
  perField: true,
  matches: () => true,
};
