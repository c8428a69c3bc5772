import type { ReactNode } from 'react';
import { Link } from 'wouter';

/** The first thing to do on a page with nothing to show yet: a link away, or a form above. */
export type FirstAction = { label: string; href: string } | { label: string; formId: string };

/** A list narrowed by a filter is empty for its filters, not for want of a first action. */
export const emptyListText = (filters: object, filtered: string, unfiltered: ReactNode) =>
  Object.values(filters).some((value) => value !== undefined) ? filtered : unfiltered;

/** Focuses the form's first field, where a person starts typing. */
const focusForm = (formId: string) =>
  document
    .getElementById(formId)
    ?.querySelector<HTMLElement>('input, textarea, select, button')
    ?.focus();

/**
 * What the page is for, and its first action, in place of an empty list. Without `action`, the
 * purpose names the control that is already beside it ("Create key").
 */
export function EmptyState({ purpose, action }: { purpose: ReactNode; action?: FirstAction }) {
  return (
    <div className="empty-state">
      <p>{purpose}</p>
      {action === undefined ? null : 'href' in action ? (
        <Link href={action.href} className="button-link">
          {action.label}
        </Link>
      ) : (
        <button type="button" onClick={() => focusForm(action.formId)}>
          {action.label}
        </button>
      )}
    </div>
  );
}
