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
  afterEach(() => jest.useRealTimers());

  it('refuses connections at once after one failed to open, but one trial per interval, until one opens', async () => {
    // The interval on a fake clock (performance.now() included): a loaded machine's pauses
    // cannot make the next connection a trial.
    jest.useFakeTimers();
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
    jest.advanceTimersByTime(RECONNECT_TRIAL_INTERVAL_MS);
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
      // A timer may fire a fraction of a millisecond early by performance.now().
      await sleep(RECONNECT_TRIAL_INTERVAL_MS + 10);
      const after = await timedQuery();

      expect(first.outcome).toBeInstanceOf(DatabaseUnreachableError);
      // What a request promises while the database is away: an answer within a second.
      expect(first.ms).toBeLessThan(1000);
      expect(next.outcome).toBeInstanceOf(DatabaseUnreachableError);
      expect(next.ms).toBeLessThan(50);
      expect(after.outcome).toBe('answered');
    });
  });
});

const HELD_MS = POSTGRES_CONNECT_TIMEOUT_MS + 400;

/** Keeps the event loop from running for `ms`, as a long synchronous task or a pause does. */
function holdEventLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Nothing else runs meanwhile: no timer, no socket read.
  }
}

describe.each(testDatabaseKinds())(
  'DatabaseReachability with a slow app or server on %s',
  (kind) => {
    if (kind !== 'postgres') return;

    let proxy: FaultProxy;
    let pool: pg.Pool;
    let subject: DatabaseReachability;
    let messages: string[];

    beforeEach(async () => {
      proxy = await FaultProxy.start(process.env.TEST_DATABASE_URL!, 5432);
      ({ subject, messages } = reachability());
      pool = new pg.Pool({
        connectionString: proxy.viaProxy(process.env.TEST_DATABASE_URL!),
        Client: await subject.postgresClient(),
      });
      pool.on('error', () => undefined);
    });

    afterEach(async () => {
      proxy.delayNewConnections(0);
      await pool.end();
      await proxy.close();
    });

    // Straight to the server, not through the proxy: the proxy runs on this event loop, and a
    // server's answer must be able to reach the socket while the loop is held.
    const directClient = async () => {
      const Client = await subject.postgresClient();
      return new Client({ connectionString: process.env.TEST_DATABASE_URL! });
    };

    it.each<[string, (client: pg.Client) => void]>([
      ['before it could send the startup', () => holdEventLoop(HELD_MS)],
      [
        'while the answer waits on the socket',
        // pg sends the startup on the socket's connect, before this listener runs.
        (client) => client.connection.stream.once('connect', () => holdEventLoop(HELD_MS)),
      ],
    ])(
      'opens a connection while the event loop is held past the connect timeout %s, and keeps the server reachable',
      async (_when, hold) => {
        const client = await directClient();
        const opening = client.connect();
        hold(client);
        await opening;
        const { rows } = await client.query<{ answer: number }>('SELECT 1 AS answer');
        await client.end();

        expect(rows).toEqual([{ answer: 1 }]);
        expect(subject.unreachableSince).toBeNull();
        expect(messages).toEqual([]);
      },
    );

    it('waits on a slow startup while the server answers on another connection, and keeps the server reachable', async () => {
      const busy = await pool.connect();
      const startupMs = POSTGRES_CONNECT_TIMEOUT_MS * 3;
      proxy.delayNewConnections(startupMs);
      let opened = false;
      const answersMeanwhile: number[] = [];
      const working = (async () => {
        while (!opened) {
          answersMeanwhile.push((await busy.query<{ n: number }>('SELECT 1 AS n')).rows[0].n);
          await sleep(100);
        }
      })();

      const started = performance.now();
      const slow = await pool.connect().finally(() => {
        opened = true;
        void working.finally(() => busy.release());
      });
      const waitedMs = performance.now() - started;
      await working;
      const { rows } = await slow.query<{ answer: number }>('SELECT 1 AS answer');
      slow.release();

      expect(rows).toEqual([{ answer: 1 }]);
      expect(waitedMs).toBeGreaterThanOrEqual(startupMs - 10);
      expect(answersMeanwhile.length).toBeGreaterThan(5);
      expect(subject.unreachableSince).toBeNull();
      expect(messages).toEqual([]);
    });

    it('gives up a slow startup within a second when nothing else is heard from the server', async () => {
      proxy.delayNewConnections(POSTGRES_CONNECT_TIMEOUT_MS * 3);

      const started = performance.now();
      const outcome = await pool.connect().then(
        (client) => client.release(),
        (error: unknown) => error,
      );
      const waitedMs = performance.now() - started;

      expect(outcome).toBeInstanceOf(DatabaseUnreachableError);
      expect(waitedMs).toBeGreaterThanOrEqual(POSTGRES_CONNECT_TIMEOUT_MS);
      expect(waitedMs).toBeLessThan(1000);
      expect(messages).toEqual([
        'database unreachable: requests answer 503 unavailable until it answers again',
      ]);
    });
  },
);
