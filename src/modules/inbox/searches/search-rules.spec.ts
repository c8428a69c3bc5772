import { AppError } from '../../../common/errors/app-error.js';
import { parseNewSearch, parseSearchChange, SEARCH_KEYWORDS_MAX } from './search-rules.js';

function problemOf(parse: () => unknown): string {
  try {
    parse();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('invalid_body');
    return (error as AppError).message;
  }
  throw new Error('expected a 422');
}

describe('parseNewSearch', () => {
  it('normalises like alert keywords and applies the defaults', () => {
    expect(
      parseNewSearch({
        name: '  Launch  watch ',
        keywords: ['Acme  Corp', { text: 'price tracker', mode: 'broad' }],
      }),
    ).toEqual({
      name: 'Launch watch',
      description: null,
      active: true,
      keywords: [
        { text: 'Acme Corp', normalizedText: 'acme corp', mode: 'exact' },
        { text: 'price tracker', normalizedText: 'price tracker', mode: 'broad' },
      ],
    });
  });

  it('keeps a trimmed description and reads a blank one as none', () => {
    const base = { name: 'n', keywords: ['ab'] };
    expect(parseNewSearch({ ...base, description: '  About shops ' }).description).toBe(
      'About shops',
    );
    expect(parseNewSearch({ ...base, description: '   ' }).description).toBeNull();
    expect(parseNewSearch({ ...base, description: null }).description).toBeNull();
  });

  it.each([
    [null, 'body'],
    [[], 'body'],
    [{ keywords: ['ab'] }, 'name'],
    [{ name: '', keywords: ['ab'] }, 'name'],
    [{ name: 'x'.repeat(101), keywords: ['ab'] }, 'name'],
    [{ name: 'n', keywords: ['ab'], description: 5 }, 'description'],
    [{ name: 'n', keywords: ['ab'], description: 'x'.repeat(1001) }, 'description'],
    [{ name: 'n' }, 'keywords'],
    [{ name: 'n', keywords: [] }, 'keywords'],
    [{ name: 'n', keywords: 'ab' }, 'keywords'],
    [{ name: 'n', keywords: ['a'] }, 'keywords[0]: text'],
    [{ name: 'n', keywords: ['ok', 'one two three four five six seven'] }, 'keywords[1]: text'],
    [{ name: 'n', keywords: [{ text: 'ok', mode: 'fuzzy' }] }, 'keywords[0]: mode'],
    [
      { name: 'n', keywords: [{ text: 'ok', track_posts: false }] },
      'keywords[0] has an unknown field',
    ],
    [{ name: 'n', keywords: [42] }, 'keywords[0] must be an object'],
    [{ name: 'n', keywords: ['Acme', 'ACME'] }, 'keywords[1] repeats'],
    [{ name: 'n', keywords: ['ab'], active: 'yes' }, 'active'],
    [{ name: 'n', keywords: ['ab'], colour: 'red' }, 'unknown field colour'],
  ])('refuses %j with a message about %s', (body, field) => {
    expect(problemOf(() => parseNewSearch(body))).toContain(field);
  });

  it(`accepts up to ${SEARCH_KEYWORDS_MAX} keywords and no more`, () => {
    const keywords = (count: number) => Array.from({ length: count }, (_, i) => `term ${i}`);
    expect(
      parseNewSearch({ name: 'n', keywords: keywords(SEARCH_KEYWORDS_MAX) }).keywords,
    ).toHaveLength(SEARCH_KEYWORDS_MAX);
    expect(
      problemOf(() => parseNewSearch({ name: 'n', keywords: keywords(SEARCH_KEYWORDS_MAX + 1) })),
    ).toContain(`1 to ${SEARCH_KEYWORDS_MAX}`);
  });
});

describe('parseSearchChange', () => {
  it('returns only the fields given; null clears the description', () => {
    expect(parseSearchChange({ active: false })).toEqual({ active: false });
    expect(parseSearchChange({ description: null, name: 'New' })).toEqual({
      description: null,
      name: 'New',
    });
    expect(parseSearchChange({ keywords: [{ text: 'xy', mode: 'proximity' }] })).toEqual({
      keywords: [{ text: 'xy', normalizedText: 'xy', mode: 'proximity' }],
    });
  });

  it('refuses an empty change, unknown fields and invalid values', () => {
    expect(problemOf(() => parseSearchChange({}))).toContain('at least one');
    expect(problemOf(() => parseSearchChange({ id: 'x' }))).toContain('unknown field id');
    expect(problemOf(() => parseSearchChange({ keywords: [] }))).toContain('keywords');
    expect(problemOf(() => parseSearchChange({ active: null }))).toContain('active');
  });
});
