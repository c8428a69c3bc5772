import pg from 'pg';
import { pino } from 'pino';
import { setTimeout as sleep } from 'node:timers/promises';
import { FaultProxy, type OutageKind } from '../../test/utils/fault-proxy.js';
import { testDatabaseKinds } from '../../test/utils/test-databases.js';
import { FixedClock } from '../common/time/clock.js';
import {
  DatabaseReachability,
  POSTGRES_CONNECT_TIMEOUT_MS,
  RECONNECT_TRIAL_INTERVAL_MS,
} from './database-reachability.js';
import { DatabaseUnreachableError } from './database-unreachable.js';

const NOW = new Date('2026-11-30T12:00:03.000Z');

function reachability(): { subject: DatabaseReachability; messages: string[] } {
  const messages: string[] = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => messages.push((JSON.parse(line) as { msg: string }).msg) },
  );
  return { subject: new DatabaseReachability(new FixedClock(NOW), logger), messages };
}

const refused = () =>
  Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
const opens = () => Promise.resolve();

describe('DatabaseReachability', () => {
  it('refuses connections at once after one failed to open, but one trial per interval, until one opens', async () => {
    const { subject, messages } = reachability();
    let attempts = 0;
    const counted = (open: () => Promise<void>) => () => {
      attempts += 1;
      return open();
    };

    await expect(subject.connect(counted(refused))).rejects.toBeInstanceOf(
      DatabaseUnreachableError,
    );
    await expect(subject.connect(counted(opens))).rejects.toMatchObject({
      code: 'unavailable',
      since: NOW.getTime(),
      headers: { 'Retry-After': '5' },
    });
    const attemptsBeforeTrial = attempts;
    await sleep(RECONNECT_TRIAL_INTERVAL_MS);
    await expect(subject.connect(counted(opens))).resolves.toBeUndefined();
    await expect(subject.connect(counted(opens))).resolves.toBeUndefined();

    expect(attemptsBeforeTrial).toBe(1);
    expect(attempts).toBe(3);
    expect(subject.unreachableSince).toBeNull();
    expect(messages).toEqual([
      'database unreachable: requests answer 503 unavailable until it answers again',
      'database reachable again',
    ]);
  });

  it('lets a failure that is not an outage through as it is, and keeps the server reachable', async () => {
    const { subject, messages } = reachability();
    const wrongPassword = Object.assign(new Error('password authentication failed'), {
      code: '28P01',
    });

    await expect(subject.connect(() => Promise.reject(wrongPassword))).rejects.toBe(wrongPassword);

    expect(subject.unreachableSince).toBeNull();
    expect(messages).toEqual([]);
  });
});

describe.each(testDatabaseKinds())('the pool connections of DatabaseReachability on %s', (kind) => {
  if (kind !== 'postgres') return;

  describe.each<OutageKind>(['refused', 'blackholed'])('when PostgreSQL is %s', (outage) => {
    let proxy: FaultProxy;
    let pool: pg.Pool;
    let subject: DatabaseReachability;

    beforeEach(async () => {
      proxy = await FaultProxy.start(process.env.TEST_DATABASE_URL!, 5432);
      ({ subject } = reachability());
      pool = new pg.Pool({
        connectionString: proxy.viaProxy(process.env.TEST_DATABASE_URL!),
        Client: await subject.postgresClient(),
      });
      pool.on('error', () => undefined);
    });

    afterEach(async () => {
      await proxy.restore();
      await pool.end();
      await proxy.close();
    });

    const timedQuery = async () => {
      const started = performance.now();
      const outcome = await pool.query('SELECT 1').then(
        () => 'answered',
        (error: unknown) => error,
      );
      return { outcome, ms: performance.now() - started };
    };

    it('gives up a connection within the connect timeout, refuses the next at once, and reconnects once the server is back', async () => {
      await pool.query('SELECT 1');

      proxy.cut(outage);
      // The pool hears that its idle connection was ended.
      await sleep(20);
      const first = await timedQuery();
      const next = await timedQuery();
      await proxy.restore();
      await sleep(RECONNECT_TRIAL_INTERVAL_MS);
      const after = await timedQuery();

      expect(first.outcome).toBeInstanceOf(DatabaseUnreachableError);
      expect(first.ms).toBeLessThan(POSTGRES_CONNECT_TIMEOUT_MS + 200);
      expect(next.outcome).toBeInstanceOf(DatabaseUnreachableError);
      expect(next.ms).toBeLessThan(50);
      expect(after.outcome).toBe('answered');
    });
  });
});
