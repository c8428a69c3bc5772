import type { FieldView } from './field-view.js';
import type { MatchRule } from './match-rule.js';

const REGEXP_SYNTAX = /[.*+?^${}()|[\]\\/]/g;

/**
 * `exact` matching for the rare keyword made only of symbols ("++", "$$$"): it has no token
 * to be indexed under, so it is searched for in the field text directly. No word boundaries
 * apply, since it neither starts nor ends with a letter or digit.
 */
export class PhraseSearchRule implements MatchRule {
  readonly perField = true;
  private readonly pattern: RegExp;

  /** `text` is folded, with whitespace runs collapsed to single spaces. */
  constructor(text: string) {
    const source = text
      .split(' ')
      .map((part) => part.replace(REGEXP_SYNTAX, '\\$&'))
      .join('\\s+');
    this.pattern = new RegExp(source);
  }

  matches(field: FieldView): boolean {
    return this.pattern.test(field.text);
  }
}
