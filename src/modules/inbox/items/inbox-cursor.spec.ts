import fc from 'fast-check';
import type { AppError } from '../../../common/errors/app-error.js';
import { encodeInboxCursor, parseInboxAfter } from './inbox-cursor.js';
import type { InboxItemEntity } from './inbox-item.entity.js';
import { INBOX_SORTS, type InboxSort } from './inbox-query.js';

const item = fc.record({
  id: fc.uuid(),
  createdAt: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  relevanceScore: fc.integer({ min: 0, max: 100 }),
  postScore: fc.integer({ min: -100_000, max: 1_000_000 }),
  postNumComments: fc.integer({ min: 0, max: 1_000_000 }),
}) as fc.Arbitrary<InboxItemEntity>;

const base64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function refusal(after: string, sortBy: InboxSort): string {
  try {
    parseInboxAfter(after, sortBy);
  } catch (error) {
    expect((error as AppError).code).toBe('invalid_body');
    return (error as AppError).message;
  }
  throw new Error('expected a 422');
}

describe('inbox keyset cursors', () => {
  it('read back, in the same order, the sort values of every item they encode', () => {
    fc.assert(
      fc.property(item, fc.constantFrom(...INBOX_SORTS), (stored, sortBy) => {
        const cursor = parseInboxAfter(encodeInboxCursor(sortBy, stored), sortBy);
        expect(cursor.sortBy).toBe(sortBy);
        expect(cursor.values.at(-1)).toBe(stored.id);
      }),
    );
  });

  it('are refused in another order than the one they were given out for', () => {
    const stored = { id: '0190f0f0-0000-7000-8000-000000000000', createdAt: 5 } as InboxItemEntity;
    expect(refusal(encodeInboxCursor('newest', stored), 'oldest')).toContain('same sortBy');
  });

  it.each([
    ['not base64 JSON', 'not-a-cursor'],
    ['an unknown order', base64(['random', 5, '0190f0f0-0000-7000-8000-000000000000'])],
    ['a value too few', base64(['newest', '0190f0f0-0000-7000-8000-000000000000'])],
    ['a fraction', base64(['newest', 5.5, '0190f0f0-0000-7000-8000-000000000000'])],
    ['a number as text', base64(['newest', '5', '0190f0f0-0000-7000-8000-000000000000'])],
    ['an id that is not a UUID', base64(['newest', 5, "x' OR 1=1"])],
    ['another spelling', `${base64(['newest', 5, '0190f0f0-0000-7000-8000-000000000000'])}=`],
  ])('are refused when they hold %s', (_case, after) => {
    expect(refusal(after, 'newest')).toMatch(/^after is not a valid cursor/);
  });
});
