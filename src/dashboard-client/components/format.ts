const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO 8601 instant in the reader's locale and time zone; a dash for none. */
export const formatInstant = (iso: string | null | undefined): string =>
  iso ? dateTime.format(new Date(iso)) : '—';

export const formatPercent = (ratio: number | null | undefined): string =>
  ratio === null || ratio === undefined ? 'no attempts' : `${(ratio * 100).toFixed(1)} %`;

/** A comma-separated list typed by a person: trimmed, without empties. */
export const listFromText = (text: string): string[] =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
