import { AppError } from '../../../common/errors/app-error.js';
import { keywordDraftOf } from '../../keywords/http/keyword-items.js';
import { checkKeywordDraft, type KeywordInput } from '../../keywords/keyword-rules.js';

export interface PreviewRequest {
  keyword: KeywordInput;
  /** The part of the window to search; null: all of it. */
  hours: number | null;
}

/**
 * The body of POST /keywords/preview: one keyword item as POST /keywords takes it, plus `hours`.
 * An item POST /keywords would reject is a 422 with the message it would give in `rejected[]`.
 */
export function previewRequestOf(body: unknown, recentItemsHours: number): PreviewRequest {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw AppError.invalidBody('body must be one keyword object, as an item of POST /keywords');
  }
  const { hours, ...item } = body as Record<string, unknown>;
  if (hours !== undefined && hours !== null && !Number.isSafeInteger(hours)) {
    throw AppError.invalidBody('hours must be an integer');
  }
  const checked = checkKeywordDraft(keywordDraftOf(item), recentItemsHours);
  if (!checked.ok) throw AppError.invalidBody(checked.message);
  return { keyword: checked.keyword, hours: (hours as number | null | undefined) ?? null };
}
