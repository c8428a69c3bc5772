import type { FieldView } from '../text/field-view.js';

/** How one keyword decides whether it matches a field, once its anchor was found there. */
export interface MatchRule {
  /** True when the verdict ignores where the anchor was found, so one check per field suffices. */
  readonly perField: boolean;
  matches(field: FieldView, anchorPosition: number): boolean;
}
