import { insertAccount } from '../../../test/factories/account.factory.js';
import { insertKeywords } from '../../../test/factories/keyword.factory.js';
import { testDatabaseKinds } from '../../../test/utils/test-databases.js';
import { openTestStorage, type OpenTestStorage } from '../../../test/utils/test-storage.js';
import { AppError } from '../../common/errors/app-error.js';
import { AccountAudit } from '../account-audit/account-audit.service.js';
import { AccountAuditStore } from '../account-audit/account-audit.store.js';
import { loadConfig } from '../../config/app-config.js';
import { KeywordCreationSinks } from './keyword-creation-sinks.js';
import type { PlanName } from '../../config/plans.js';
import { callerFor, type Caller } from '../auth/caller.js';
import { KeywordEntity } from './keyword.entity.js';
import { KEYWORDS_PER_REQUEST_MAX, type KeywordDraft } from './keyword-rules.js';
import { KeywordStore } from './keyword.store.js';
import { KeywordsService } from './keywords.service.js';

describe.each(testDatabaseKinds())('KeywordsService on %s', (kind) => {
  let storage: OpenTestStorage;
  let keywords: KeywordsService;

  beforeAll(async () => {
    storage = await openTestStorage(kind);
    keywords = new KeywordsService(
      new KeywordStore(storage.database),
      storage.clock,
      new KeywordCreationSinks(),
      new AccountAudit(new AccountAuditStore(storage.database), storage.clock),
      loadConfig({}),
    );
  });
  afterAll(() => storage.close());

  const newCaller = async (plan: PlanName = 'starter'): Promise<Caller> =>
    callerFor(await insertAccount(storage, { plan }), 'key-1');
  const create = (caller: Caller, drafts: KeywordDraft[]) => keywords.create(caller, drafts);
  const stored = (caller: Caller) =>
    storage.database.manager.find(KeywordEntity, {
      where: { accountId: caller.accountId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  /** `count` active keywords (or paused ones) already stored for the caller. */
  const alreadyStored = (caller: Caller, count: number, active = true) =>
    insertKeywords(
      storage,
      Array.from({ length: count }, () => ({ accountId: caller.accountId, active })),
    );

  describe('create', () => {
    it('creates the valid items and reports each other one, never all or nothing', async () => {
      const caller = await newCaller();
      const [existing] = (await create(caller, [{ text: 'old news' }])).created;

      const outcome = await create(caller, [
        { text: 'Acme  Corp' },
        { text: 'acme corp' },
        { text: 'x' },
        { text: 'OLD NEWS' },
      ]);

      expect(outcome.created.map((keyword) => keyword.text)).toEqual(['Acme Corp']);
      expect(outcome.existing.map((keyword) => keyword.id)).toEqual([existing.id]);
      expect(outcome.rejected).toEqual([
        {
          text: 'acme corp',
          reason: 'duplicate',
          message: 'the same text appears earlier in this request',
        },
        { text: 'x', reason: 'invalid', message: 'text must be 2 to 80 characters' },
      ]);
      expect((await stored(caller)).map((keyword) => keyword.normalizedText)).toEqual([
        'old news',
        'acme corp',
      ]);
    });

    it('gives the keywords of one request one new change number, for the live matchers', async () => {
      const caller = await newCaller();
      await create(caller, [{ text: 'first' }]);
      await create(caller, [{ text: 'second' }, { text: 'third' }]);

      const [first, second, third] = (await stored(caller)).map((keyword) => keyword.changeSeq);
      expect(second).toBeGreaterThan(first);
      expect(third).toBe(second);
    });

    it('restores a deleted keyword under its id, with the settings asked for now', async () => {
      const caller = await newCaller();
      const [original] = (await create(caller, [{ text: 'comeback' }])).created;
      await keywords.remove(caller, original.id);
      storage.clock.advance(1_000);

      const [restored] = (
        await create(caller, [{ text: 'Comeback', mode: 'broad', trackComments: false }])
      ).created;

      expect(restored).toMatchObject({
        id: original.id,
        text: 'Comeback',
        mode: 'broad',
        active: true,
        trackComments: false,
        deletedAt: null,
        updatedAt: storage.clock.nowMs(),
      });
      expect(await stored(caller)).toHaveLength(1);
    });

    it("refuses items past the plan's limit of active keywords, one by one", async () => {
      const caller = await newCaller('starter');
      await alreadyStored(caller, caller.limits.keywordLimit - 1);

      const outcome = await create(caller, [{ text: 'fits' }, { text: 'one too many' }]);

      expect(outcome.created.map((keyword) => keyword.text)).toEqual(['fits']);
      expect(outcome.rejected).toEqual([
        {
          text: 'one too many',
          reason: 'limit_reached',
          message: 'the starter plan allows 25 active keywords',
        },
      ]);
    });

    it('does not count paused or deleted keywords against the limit', async () => {
      const caller = await newCaller('starter');
      await alreadyStored(caller, caller.limits.keywordLimit, false);

      expect((await create(caller, [{ text: 'still room' }])).created).toHaveLength(1);
    });

    it('keeps two requests at once within the limit', async () => {
      const caller = await newCaller('starter');
      const items = (prefix: string) =>
        Array.from({ length: 20 }, (_, i) => ({ text: `${prefix} ${i}` }));

      const outcomes = await Promise.all([
        create(caller, items('left')),
        create(caller, items('right')),
      ]);

      expect(outcomes.reduce((sum, outcome) => sum + outcome.created.length, 0)).toBe(25);
      expect(await keywords.countActive(caller.accountId)).toBe(25);
    });

    it.each([
      ['no keywords', 0],
      ['more keywords than one request takes', KEYWORDS_PER_REQUEST_MAX + 1],
    ])('refuses %s as a whole', async (_case, count) => {
      const caller = await newCaller();
      const drafts = Array.from({ length: count }, (_, i) => ({ text: `k${i}` }));

      await expect(keywords.create(caller, drafts)).rejects.toThrow(
        new AppError('invalid_body', `keywords must hold 1 to ${KEYWORDS_PER_REQUEST_MAX} items`),
      );
    });
  });

  describe('update', () => {
    it('refuses to resume a paused keyword past the limit', async () => {
      const caller = await newCaller('starter');
      const [paused] = await alreadyStored(caller, 1, false);
      await alreadyStored(caller, caller.limits.keywordLimit);

      const resuming = keywords.update(caller, paused.id, { active: true });

      await expect(resuming).rejects.toMatchObject({ code: 'keyword_limit_reached' });
      expect(await keywords.countActive(caller.accountId)).toBe(caller.limits.keywordLimit);
    });

    it('refuses to track nothing', async () => {
      const caller = await newCaller();
      const [keyword] = await alreadyStored(caller, 1);

      await expect(
        keywords.update(caller, keyword.id, { trackPosts: false, trackComments: false }),
      ).rejects.toMatchObject({ code: 'invalid_body' });
    });

    it("finds only the caller's own live keywords", async () => {
      const [owner, other] = [await newCaller(), await newCaller()];
      const [keyword] = await alreadyStored(owner, 1);

      await expect(keywords.update(other, keyword.id, { active: false })).rejects.toMatchObject({
        code: 'not_found',
      });
      await keywords.remove(owner, keyword.id);
      await expect(keywords.update(owner, keyword.id, { active: false })).rejects.toMatchObject({
        code: 'not_found',
      });
    });
  });
});
