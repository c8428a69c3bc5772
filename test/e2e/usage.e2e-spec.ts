import type { Response } from 'supertest';
import type { PlanName } from '../../src/config/plans.js';
import type {
  KeywordUsageResponse,
  UsageResponseDto as UsageResponse,
} from '../../src/modules/usage/dto/usage.dto.js';
import { insertUsage } from '../factories/alert.factory.js';
import { createKeywords, deleteKeyword, pauseKeyword } from '../factories/keyword.factory.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { TEST_NOW } from '../utils/test-storage.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

/** Usage fields, in the documented order. */
const USAGE_FIELDS = [
  'plan',
  'status',
  'keyword_limit',
  'keywords_used',
  'per_keyword_daily_cap',
  'history_days',
  'rate_limit_per_minute',
  'day',
  'delivered_today',
  'capped_today',
  'today',
];
const TODAY_ENTRY_FIELDS = [
  'keyword_id',
  'text',
  'active',
  'delivered',
  'capped',
  'cap_reached',
  'query',
];

/** The plan table (README, Plans). */
const PLAN_VALUES: Record<PlanName, { keyword_limit: number }> = {
  starter: { keyword_limit: 25 },
  pro: { keyword_limit: 100 },
  scale: { keyword_limit: 500 },
};
const SHARED_LIMITS = { per_keyword_daily_cap: 100, history_days: 90, rate_limit_per_minute: 60 };

const TODAY = '2026-11-21';
const YESTERDAY = '2026-11-20';
const TOMORROW = '2026-11-22';

function usageOf(res: Response): UsageResponse {
  expect(res.status).toBe(200);
  expect(Object.keys(res.body as object)).toEqual(['data']);
  return (res.body as { data: UsageResponse }).data;
}

describe.each(testDatabaseKinds())('usage API on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  afterEach(() => t.clock.set(TEST_NOW));

  const getUsage = (apiKey: string) => t.http.get('/api/v1/usage').set(bearer(apiKey));

  /** A fresh account with the given keywords, created through the API; ids by text. */
  async function setup(texts: readonly string[], plan: PlanName = 'starter') {
    const { apiKey } = await t.account(plan, 'alerts');
    const keywords = texts.length > 0 ? await createKeywords(t, apiKey, texts) : [];
    const idOf = new Map(keywords.map((keyword) => [keyword.text, keyword.id]));
    return { apiKey, id: (text: string) => idOf.get(text)! };
  }

  const entry = (
    keyword_id: string,
    text: string,
    delivered: number,
    capped: number,
    active = true,
  ): KeywordUsageResponse => ({
    keyword_id,
    text,
    active,
    delivered,
    capped,
    cap_reached: delivered >= 100,
    query: null,
  });

  it.each(Object.keys(PLAN_VALUES) as PlanName[])(
    'reports every field in spec order with the %s plan values',
    async (plan) => {
      const { apiKey } = await setup([], plan);

      const res = await getUsage(apiKey);

      const usage = usageOf(res);
      expect(Object.keys(usage)).toEqual(USAGE_FIELDS);
      expect(usage).toEqual({
        plan,
        status: 'active',
        keyword_limit: PLAN_VALUES[plan].keyword_limit,
        keywords_used: 0,
        ...SHARED_LIMITS,
        day: TODAY,
        delivered_today: 0,
        capped_today: 0,
        today: [],
      });
    },
  );

  it('lists every keyword with zero counts before anything matched today', async () => {
    const { apiKey, id } = await setup(['globex', 'acme corp']);

    const usage = usageOf(await getUsage(apiKey));

    expect(usage).toMatchObject({ keywords_used: 2, delivered_today: 0, capped_today: 0 });
    expect(usage.today).toEqual([
      entry(id('acme corp'), 'acme corp', 0, 0),
      entry(id('globex'), 'globex', 0, 0),
    ]);
    expect(Object.keys(usage.today[0])).toEqual(TODAY_ENTRY_FIELDS);
  });

  it('orders today[] busiest first (delivered + capped), then by text', async () => {
    const { apiKey, id } = await setup(['delta', 'bravo', 'charlie', 'alpha', 'echo']);
    await insertUsage(t, id('alpha'), TODAY, 3, 0);
    await insertUsage(t, id('bravo'), TODAY, 100, 20);
    await insertUsage(t, id('charlie'), TODAY, 10, 0);
    await insertUsage(t, id('delta'), TODAY, 5, 5);

    const usage = usageOf(await getUsage(apiKey));

    expect(usage.today).toEqual([
      entry(id('bravo'), 'bravo', 100, 20),
      entry(id('charlie'), 'charlie', 10, 0),
      entry(id('delta'), 'delta', 5, 5),
      entry(id('alpha'), 'alpha', 3, 0),
      entry(id('echo'), 'echo', 0, 0),
    ]);
    expect(usage).toMatchObject({ delivered_today: 118, capped_today: 25 });
  });

  it('sets cap_reached once a keyword has delivered its 100 matches of the day', async () => {
    const { apiKey, id } = await setup(['at cap', 'below cap', 'over cap']);
    await insertUsage(t, id('at cap'), TODAY, 100, 0);
    await insertUsage(t, id('below cap'), TODAY, 99, 0);
    await insertUsage(t, id('over cap'), TODAY, 100, 42);

    const usage = usageOf(await getUsage(apiKey));

    expect(usage.today.map(({ text, cap_reached }) => ({ text, cap_reached }))).toEqual([
      { text: 'over cap', cap_reached: true },
      { text: 'at cap', cap_reached: true },
      { text: 'below cap', cap_reached: false },
    ]);
    expect(usage).toMatchObject({ delivered_today: 299, capped_today: 42 });
  });

  it('lists paused keywords but not deleted ones, and counts only active ones as used', async () => {
    const { apiKey, id } = await setup(['active one', 'paused one', 'deleted one', 'active two']);
    await pauseKeyword(t, apiKey, id('paused one'));
    await deleteKeyword(t, apiKey, id('deleted one'));
    await insertUsage(t, id('paused one'), TODAY, 7, 0);
    await insertUsage(t, id('active two'), TODAY, 2, 1);
    await insertUsage(t, id('deleted one'), TODAY, 50, 0);

    const usage = usageOf(await getUsage(apiKey));

    expect(usage.keywords_used).toBe(2);
    expect(usage.today).toEqual([
      entry(id('paused one'), 'paused one', 7, 0, false),
      entry(id('active two'), 'active two', 2, 1),
      entry(id('active one'), 'active one', 0, 0),
    ]);
    expect(usage).toMatchObject({ delivered_today: 9, capped_today: 1 });
  });

  it('counts only the current UTC day: usage rows of yesterday are ignored', async () => {
    const { apiKey, id } = await setup(['acme corp', 'globex']);
    await insertUsage(t, id('acme corp'), YESTERDAY, 100, 30);
    await insertUsage(t, id('globex'), YESTERDAY, 12, 0);
    await insertUsage(t, id('globex'), TODAY, 4, 0);

    const usage = usageOf(await getUsage(apiKey));

    expect(usage).toMatchObject({ day: TODAY, delivered_today: 4, capped_today: 0 });
    expect(usage.today).toEqual([
      entry(id('globex'), 'globex', 4, 0),
      entry(id('acme corp'), 'acme corp', 0, 0),
    ]);
  });

  it('starts a new day at midnight UTC with every counter back at zero', async () => {
    const { apiKey, id } = await setup(['acme corp']);
    await insertUsage(t, id('acme corp'), TODAY, 100, 8);

    t.clock.set(new Date('2026-11-21T23:59:59.999Z'));
    const lastMoment = usageOf(await getUsage(apiKey));
    t.clock.advance(1);
    const nextDay = usageOf(await getUsage(apiKey));

    expect(lastMoment).toMatchObject({
      day: TODAY,
      delivered_today: 100,
      capped_today: 8,
      today: [entry(id('acme corp'), 'acme corp', 100, 8)],
    });
    expect(nextDay).toMatchObject({
      day: TOMORROW,
      delivered_today: 0,
      capped_today: 0,
      today: [entry(id('acme corp'), 'acme corp', 0, 0)],
    });
  });

  it("reports only the caller's keywords", async () => {
    const mine = await setup(['acme corp']);
    const theirs = await setup(['globex']);
    await insertUsage(t, theirs.id('globex'), TODAY, 60, 0);

    const usage = usageOf(await getUsage(mine.apiKey));

    expect(usage).toMatchObject({ keywords_used: 1, delivered_today: 0, capped_today: 0 });
    expect(usage.today).toEqual([entry(mine.id('acme corp'), 'acme corp', 0, 0)]);
  });
});
