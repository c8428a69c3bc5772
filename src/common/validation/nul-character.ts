/**
 * No text the API stores or looks up may hold U+0000: PostgreSQL refuses it in text columns, so
 * the same input would fail there and pass on SQLite. It is refused at the edge instead, the same
 * way on both databases.
 */
export const NUL_REFUSAL = 'Text must not contain NUL characters';

export const containsNul = (text: string): boolean => text.includes('\0');
