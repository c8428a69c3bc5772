import { pino } from 'pino';
import { testDatabaseKinds } from '../../test/utils/test-databases.js';
import { openTestStorage, type OpenTestStorage } from '../../test/utils/test-storage.js';
import { loadConfig } from '../config/app-config.js';
import { CommitWakeups } from './commit-wakeups.js';

describe.each(testDatabaseKinds())('CommitWakeups on %s', (kind) => {
  let storage: OpenTestStorage;
  let wakeups: CommitWakeups;
  let woken: string[];

  beforeEach(async () => {
    storage = await openTestStorage(kind);
    const config = loadConfig({ DATABASE_URL: storage.databaseUrl, LOG_LEVEL: 'silent' });
    wakeups = new CommitWakeups(storage.database, config, pino({ level: 'silent' }));
    await wakeups.onModuleInit();
    woken = [];
    for (const topic of ['deliveries', 'instant-mail']) {
      wakeups.onWake(topic, () => woken.push(topic));
    }
  });

  afterEach(async () => {
    await wakeups.onApplicationShutdown();
    await storage.close();
  });

  it('wakes a topic once the transaction has committed, once however often it was asked', async () => {
    let wokenInside: string[] = [];

    await storage.database.transaction(async (manager) => {
      wakeups.afterCommit(manager, 'deliveries');
      wakeups.afterCommit(manager, 'deliveries');
      wakeups.afterCommit(manager, 'instant-mail');
      await manager.query('SELECT 1');
      wokenInside = [...woken];
    });

    expect(wokenInside).toEqual([]);
    expect(woken).toEqual(['deliveries', 'instant-mail']);
  });

  it('wakes nobody for a transaction that rolled back, nor at the next commit', async () => {
    await expect(
      storage.database.transaction(async (manager) => {
        wakeups.afterCommit(manager, 'deliveries');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await storage.database.transaction(async (manager) => {
      wakeups.afterCommit(manager, 'instant-mail');
    });

    expect(woken).toEqual(['instant-mail']);
  });

  it('wakes at once outside a transaction, and only the listeners still listening', async () => {
    const stopListening = wakeups.onWake('deliveries', () => woken.push('second listener'));

    wakeups.afterCommit(storage.database.manager, 'deliveries');
    stopListening();
    wakeups.signal('deliveries');

    expect(woken).toEqual(['deliveries', 'second listener', 'deliveries']);
  });
});

describe('CommitWakeups over Redis', () => {
  const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let instances: CommitWakeups[] = [];
  let storages: OpenTestStorage[] = [];

  async function instanceOn(storage: OpenTestStorage): Promise<CommitWakeups> {
    const config = loadConfig({
      DATABASE_URL: storage.databaseUrl,
      REDIS_URL,
      LOG_LEVEL: 'silent',
    });
    const wakeups = new CommitWakeups(storage.database, config, pino({ level: 'silent' }));
    await wakeups.onModuleInit();
    instances.push(wakeups);
    return wakeups;
  }

  async function storageOf(): Promise<OpenTestStorage> {
    const storage = await openTestStorage('sqlite');
    storages.push(storage);
    return storage;
  }

  afterEach(async () => {
    await Promise.all(instances.map((wakeups) => wakeups.onApplicationShutdown()));
    await Promise.all(storages.map((storage) => storage.close()));
    [instances, storages] = [[], []];
  });

  it('wakes the instances on the same database, and none on another one sharing the Redis', async () => {
    const shared = await storageOf();
    const [writer, peer] = [await instanceOn(shared), await instanceOn(shared)];
    const elsewhere = await storageOf();
    const [stranger, strangersPeer] = [await instanceOn(elsewhere), await instanceOn(elsewhere)];
    const strangerWakes: string[] = [];
    stranger.onWake('deliveries', () => strangerWakes.push('deliveries'));
    const peerWoken = new Promise<void>((resolve) => peer.onWake('deliveries', resolve));

    await shared.database.transaction(async (manager) => writer.afterCommit(manager, 'deliveries'));
    await peerWoken;
    // Redis hands a subscriber its messages in the order they were published: once one
    // published after the writer's has reached the stranger, the writer's would have too.
    const probe = new Promise<void>((resolve) => stranger.onWake('probe', resolve));
    strangersPeer.signal('probe');
    await probe;

    expect(strangerWakes).toEqual([]);
  });
});
