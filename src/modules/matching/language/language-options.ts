import type { KeywordMatcherOptions } from '../keyword-matcher.js';
import { loadLanguageDetector } from './detect-language.js';

/** A query that may hold a `lang:` clause: a false positive only loads the detector. */
export const MAY_ASK_LANGUAGE = /lang:/i;

/** A matcher's options for a keyword of this query: the language detector when it may ask. */
export async function languageOptionsFor(
  query: string | null | undefined,
): Promise<KeywordMatcherOptions> {
  return query != null && MAY_ASK_LANGUAGE.test(query)
    ? { detectLanguage: await loadLanguageDetector() }
    : {};
}
