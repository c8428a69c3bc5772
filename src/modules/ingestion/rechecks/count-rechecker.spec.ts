import type { RecheckRow } from './count-recheck.store.js';
import { packRequest } from './count-rechecker.js';

const row = (itemKey: string, postKey: string | null = null): RecheckRow => ({
  keywordId: 'k1',
  accountId: 'a1',
  itemKey,
  postKey,
  createdUtc: 1_763_719_200,
  dueAt: 0,
  stage: 1,
});

describe('packing due re-checks into one /api/info request', () => {
  it('asks each item once, with its comments’ posts, up to 100 ids', () => {
    const due = [
      row('t3_a'),
      { ...row('t3_a'), keywordId: 'k2' },
      row('t1_b', 't3_a'),
      ...Array.from({ length: 120 }, (_, i) => row(`t1_c${i}`, `t3_p${i % 10}`)),
    ];

    const { rows, fullnames } = packRequest(due);

    expect(fullnames).toHaveLength(100);
    expect(new Set(fullnames).size).toBe(100);
    // The second keyword on t3_a and the comment on t3_a cost no id or one.
    expect(rows.slice(0, 3).map((r) => r.itemKey)).toEqual(['t3_a', 't3_a', 't1_b']);
    for (const packed of rows) {
      expect(fullnames).toContain(packed.itemKey);
      if (packed.postKey !== null) expect(fullnames).toContain(packed.postKey);
    }
    // 1 post + 1 comment + 10 posts + 88 comments.
    expect(rows).toHaveLength(3 + 88);
  });
});
