import { FixedClock } from '../../../common/time/clock.js';
import type { IngestionPipeline } from '../ingestion-pipeline.service.js';
import type { RedditApi } from '../reddit/reddit-api.js';
import type { CountRecheckStore, RecheckRow } from './count-recheck.store.js';
import { CountRechecker, IDLE_LOOK_MS, packRequest } from './count-rechecker.js';
import { RecheckBudget } from './recheck-budget.js';

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

describe('CountRechecker and the poller’s budget', () => {
  /** A Reddit whose pacers let `available` requests out now; it answers nothing. */
  function setUp(available: number, dueRows: number) {
    const clock = new FixedClock(new Date('2026-11-21T12:00:00Z'));
    const asked: string[][] = [];
    const api = {
      availableRequests: () => available,
      requestsPerMinute: 100,
      info: (fullnames: readonly string[]) => {
        asked.push([...fullnames]);
        available -= 1;
        return Promise.resolve([]);
      },
    } as unknown as RedditApi;
    const due = Array.from({ length: dueRows }, (_, i) => row(`t3_${i}`));
    const store = {
      due: () => Promise.resolve(due.slice(0, 500)),
    } as unknown as CountRecheckStore;
    const pipeline = {
      rematch: () => Promise.resolve({ matches: new Map(), parents: new Map() }),
      // Settled rows are no longer due.
      storeRechecked: (_passed: unknown, _parents: unknown, rows: RecheckRow[]) => {
        due.splice(0, rows.length);
        return Promise.resolve({ alerts: 0 });
      },
    } as unknown as IngestionPipeline;
    const rechecker = new CountRechecker({
      api,
      store,
      pipeline,
      budget: new RecheckBudget(() => api.requestsPerMinute),
      clock,
      recorded: () => undefined,
    });
    return { rechecker, asked, clock };
  }

  it('sends nothing while the credentials have no request to spare', async () => {
    const { rechecker, asked } = setUp(0, 300);
    expect(await rechecker.runDue()).toEqual({ checked: 0, alerts: 0, requests: 0 });
    expect(asked).toEqual([]);
  });

  it('sends one request of 100 ids per turn at most, and a tenth of 100 a minute over time', async () => {
    const { rechecker, asked, clock } = setUp(1_000, 5_000);
    const perTurn: number[] = [];
    for (let second = 0; second < 120; second += 1) {
      perTurn.push((await rechecker.runDue()).requests);
      clock.advance(1_000);
    }
    expect(Math.max(...perTurn)).toBe(1);
    expect(asked.every((ids) => ids.length === 100)).toBe(true);
    expect(asked).toHaveLength(20);
  });
});

describe('CountRechecker when nothing is due', () => {
  it('reads the table again only after IDLE_LOOK_MS', async () => {
    const clock = new FixedClock(new Date('2026-11-21T12:00:00Z'));
    const due = jest.fn(() => Promise.resolve([] as RecheckRow[]));
    const rechecker = new CountRechecker({
      api: { availableRequests: () => 10, requestsPerMinute: 100 } as unknown as RedditApi,
      store: { due } as unknown as CountRecheckStore,
      pipeline: {} as IngestionPipeline,
      budget: new RecheckBudget(() => 100),
      clock,
      recorded: () => undefined,
    });

    await rechecker.runDue();
    clock.advance(IDLE_LOOK_MS - 1);
    await rechecker.runDue();
    expect(due).toHaveBeenCalledTimes(1);
    clock.advance(1);
    await rechecker.runDue();
    expect(due).toHaveBeenCalledTimes(2);
  });
});
