import { testDatabaseKinds } from '../../../../test/utils/test-databases.js';
import { openTestStorage, type OpenTestStorage } from '../../../../test/utils/test-storage.js';
import { newId } from '../../../common/ids.js';
import { AuditLog, changedFields } from './audit-log.service.js';
import { AuditStore } from './audit.store.js';

describe('changedFields', () => {
  it('keeps only the fields whose values differ, and answers null when none did', () => {
    expect(
      changedFields({ plan: 'starter', status: 'active' }, { plan: 'pro', status: 'active' }),
    ).toEqual({ before: { plan: 'starter' }, after: { plan: 'pro' } });
    expect(changedFields({ plan: 'pro' }, { plan: 'pro' })).toBeNull();
  });
});

describe.each(testDatabaseKinds())('AuditStore on %s', (kind) => {
  let storage: OpenTestStorage;
  let store: AuditStore;
  let log: AuditLog;
  beforeAll(async () => {
    storage = await openTestStorage(kind);
    store = new AuditStore(storage.database);
    log = new AuditLog(store, storage.clock);
  });
  afterAll(() => storage.close());

  const actor = { operatorId: newId(), operatorEmail: 'ops@example.com' };
  const record = (accountId: string, after: string) =>
    storage.database.transaction((manager) =>
      log.record(manager, actor, {
        action: 'change_account',
        accountId,
        target: 'account probe',
        before: { plan: 'starter' },
        after: { plan: after },
      }),
    );

  it("lists an account's entries newest first, with their fields as written", async () => {
    const [accountId, other] = [newId(), newId()];
    await record(accountId, 'pro');
    storage.clock.advance(1000);
    await record(accountId, 'scale');
    await record(other, 'pro');

    const entries = await store.entriesOf(accountId, 10);

    expect(entries.map((entry) => [entry.after, entry.before, entry.operatorEmail])).toEqual([
      [{ plan: 'scale' }, { plan: 'starter' }, 'ops@example.com'],
      [{ plan: 'pro' }, { plan: 'starter' }, 'ops@example.com'],
    ]);
  });

  it('deletes the entries made before the cutoff only', async () => {
    const accountId = newId();
    await record(accountId, 'pro');
    const cutoff = storage.clock.nowMs() + 1;
    storage.clock.advance(1000);
    await record(accountId, 'scale');

    expect(await store.pruneOlderThan(cutoff, 1)).toBeGreaterThanOrEqual(1);
    expect((await store.entriesOf(accountId, 10)).map((entry) => entry.after)).toEqual([
      { plan: 'scale' },
    ]);
  });
});
