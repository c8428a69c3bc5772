import fc from 'fast-check';
import { decodeCursor, encodeCursor } from './keyset-cursor.js';

const position = fc.record({
  at: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  id: fc.uuid(),
});

describe('keyset cursors', () => {
  it('reads back every position it encodes', () => {
    fc.assert(
      fc.property(position, (cursor) => {
        expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
      }),
    );
  });
});
