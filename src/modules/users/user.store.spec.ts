import { insertAccount } from '../../../test/factories/account.factory.js';
import { testDatabaseKinds } from '../../../test/utils/test-databases.js';
import { openTestStorage, type OpenTestStorage } from '../../../test/utils/test-storage.js';
import { newId } from '../../common/ids.js';
import { AccountStore } from '../accounts/account.store.js';
import { SessionEntity } from './session.entity.js';
import { SessionStore } from './session.store.js';
import { UserEntity } from './user.entity.js';
import { UserStore } from './user.store.js';

describe.each(testDatabaseKinds())('UserStore and SessionStore on %s', (kind) => {
  let storage: OpenTestStorage;
  let users: UserStore;
  let sessions: SessionStore;

  beforeAll(async () => {
    storage = await openTestStorage(kind);
    users = new UserStore(storage.database, new AccountStore(storage.database));
    sessions = new SessionStore(storage.database);
  });
  afterAll(() => storage.close());

  const newUser = (accountId: string | null) => {
    const id = newId();
    return Object.assign(new UserEntity(), {
      id,
      accountId,
      email: `${id}@example.com`,
      emailKey: `${id}@example.com`,
      passwordHash: 'hash',
      role: accountId === null ? 'operator' : 'owner',
      createdAt: 0,
      passwordChangedAt: 0,
    });
  };
  const newSession = (userId: string, createdAt: number, lastSeenAt = createdAt) =>
    Object.assign(new SessionEntity(), {
      id: newId(),
      userId,
      tokenHash: newId().replace(/-/g, '').padEnd(64, '0'),
      csrfToken: 'csrf',
      createdAt,
      lastSeenAt,
    });
  const stillThere = async (session: SessionEntity) =>
    (await sessions.findByTokenHash(session.tokenHash)) !== null;

  it("finds a user's account, and none for an operator", async () => {
    const account = await insertAccount(storage);
    const [member, operator] = [newUser(account.id), newUser(null)];
    await users.write(async (write) => {
      expect(await write.accountExists(account.id)).toBe(true);
      expect(await write.accountExists(newId())).toBe(false);
      await write.insert(member);
      await write.insert(operator);
      expect(await write.emailTaken(member.emailKey)).toBe(true);
    });

    expect((await users.accountOf(member.id))?.id).toBe(account.id);
    expect(await users.accountOf(operator.id)).toBeNull();
    expect((await users.findByEmailKey(operator.emailKey))?.role).toBe('operator');
  });

  it('changes a password and ends every session of the user but the one kept', async () => {
    const user = newUser((await insertAccount(storage)).id);
    await users.write((write) => write.insert(user));
    // Made long after the cut-offs of the prune below, which leaves them alone.
    const [asking, other] = [newSession(user.id, 1e13), newSession(user.id, 1e13)];
    await sessions.insert(asking);
    await sessions.insert(other);

    await users.write(async (write) => {
      const locked = await write.findToChange({ emailKey: user.emailKey });
      await write.setPassword(locked!.id, 'new hash', 5000);
      await write.endSessionsOf(locked!.id, asking.id);
    });

    expect(await users.findById(user.id)).toMatchObject({
      passwordHash: 'new hash',
      passwordChangedAt: 5000,
    });
    expect([await stillThere(asking), await stillThere(other)]).toEqual([true, false]);
  });

  it('touches a session only when it is stale, and deletes the ended ones', async () => {
    const user = newUser((await insertAccount(storage)).id);
    await users.write((write) => write.insert(user));
    const fresh = newSession(user.id, 10_000, 20_000);
    const idle = newSession(user.id, 10_000, 11_000);
    const old = newSession(user.id, 1_000, 20_000);
    for (const session of [fresh, idle, old]) await sessions.insert(session);

    await sessions.touch(fresh.id, 30_000, 15_000);
    expect((await sessions.findByTokenHash(fresh.tokenHash))?.session.lastSeenAt).toBe(20_000);
    await sessions.touch(fresh.id, 30_000, 25_000);
    expect((await sessions.findByTokenHash(fresh.tokenHash))?.session.lastSeenAt).toBe(30_000);

    expect(await sessions.deleteEnded(12_000, 5_000, 10)).toBe(2);
    expect([await stillThere(fresh), await stillThere(idle), await stillThere(old)]).toEqual([
      true,
      false,
      false,
    ]);
  });
});
