import type { AppError } from '../../../common/errors/app-error.js';
import { INBOX_SORTS, parseInboxQuery, type InboxQueryInput } from './inbox-query.js';

function problemOf(input: InboxQueryInput): string {
  try {
    parseInboxQuery(input);
  } catch (error) {
    expect((error as AppError).code).toBe('invalid_body');
    return (error as AppError).message;
  }
  throw new Error('expected a 422');
}

describe('parseInboxQuery', () => {
  it('defaults to the newest 50 of every item', () => {
    expect(parseInboxQuery({})).toEqual({
      searchId: null,
      unreadOnly: false,
      minScore: null,
      type: null,
      sortBy: 'newest',
      limit: 50,
      offset: 0,
    });
  });

  it('reads every filter of the spec', () => {
    expect(
      parseInboxQuery({
        search_id: 's1',
        unread_only: 'true',
        min_score: '42.5',
        type: 'seo',
        sort_by: 'comments',
        limit: '100',
        offset: '30',
      }),
    ).toEqual({
      searchId: 's1',
      unreadOnly: true,
      minScore: 42.5,
      type: 'seo',
      sortBy: 'comments',
      limit: 100,
      offset: 30,
    });
    expect(parseInboxQuery({ unread_only: 'false', min_score: '0', limit: '1' })).toMatchObject({
      unreadOnly: false,
      minScore: 0,
      limit: 1,
    });
    for (const sort of INBOX_SORTS) expect(parseInboxQuery({ sort_by: sort }).sortBy).toBe(sort);
  });

  it.each([
    [{ unread_only: 'yes' }, 'unread_only'],
    [{ min_score: '101' }, 'min_score'],
    [{ min_score: '-1' }, 'min_score'],
    [{ min_score: 'high' }, 'min_score'],
    [{ type: 'post' }, 'type'],
    [{ sort_by: 'random' }, 'sort_by'],
    [{ limit: '0' }, 'limit'],
    [{ limit: '101' }, 'limit'],
    [{ limit: '10.5' }, 'limit'],
    [{ offset: '-1' }, 'offset'],
    [{ offset: 'x' }, 'offset'],
    [{ search_id: '' }, 'search_id'],
    [{ type: ['seo', 'comment'] }, 'type must be given once'],
  ])('refuses %j with a message about %s', (input, field) => {
    expect(problemOf(input)).toContain(field);
  });
});
