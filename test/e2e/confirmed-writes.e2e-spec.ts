import { setTimeout as sleep } from 'node:timers/promises';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import { testDatabaseKinds } from '../utils/test-databases.js';

class RolledBack extends Error {}

/** A transaction of someone else's that has written and stays open until `rollBack()`. */
function openTransaction(
  t: TestApp,
  write: string,
): { written: Promise<void>; rollBack(): Promise<void> } {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markWritten!: () => void;
  const written = new Promise<void>((resolve) => (markWritten = resolve));
  const finished = t.database
    .transaction(async (manager) => {
      await manager.query(write);
      markWritten();
      await released;
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return {
    written,
    rollBack: () => {
      release();
      return finished;
    },
  };
}

describe.each(testDatabaseKinds())('confirmed writes on %s', (kind) => {
  let t: TestApp;
  let apiKey: string;

  beforeEach(async () => {
    t = await createTestApp(kind);
    ({ apiKey } = await t.account());
    await t.http.post('/api/v1/feeds/token').set(bearer(apiKey)).expect(201);
  });

  afterEach(() => t.close());

  const feedEnabled = async () =>
    (await t.http.get('/api/v1/feeds').set(bearer(apiKey)).expect(200)).body.data.enabled;

  it('keeps a write the API confirmed when another transaction rolls back meanwhile', async () => {
    const other = openTransaction(t, 'UPDATE accounts SET updated_at = updated_at');
    await other.written;

    const revoke = t.http
      .delete('/api/v1/feeds/token')
      .set(bearer(apiKey))
      .then((res) => res);
    // Give the revocation every chance to reach the database while the other one is open.
    await sleep(200);
    await other.rollBack();

    expect((await revoke).status).toBe(200);
    expect(await feedEnabled()).toBe(false);
  });

  it('shows reads committed rows only, never what an open transaction has written', async () => {
    const other = openTransaction(t, 'DELETE FROM feed_tokens');
    await other.written;

    expect(await feedEnabled()).toBe(true);
    await other.rollBack();
    expect(await feedEnabled()).toBe(true);
  });

  if (kind === 'sqlite') {
    it('refuses a write outside a transaction instead of letting it join an open one', async () => {
      await expect(t.database.manager.query('DELETE FROM feed_tokens')).rejects.toThrow(
        /readonly/i,
      );
      expect(await feedEnabled()).toBe(true);
    });
  }
});
