import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { SystemClock } from '../../common/time/clock.js';
import { loadConfig } from '../../config/app-config.js';
import { RateLimitCounters } from './rate-limit-counters.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const WINDOW_MS = 60_000;

describe('RateLimitCounters over one Redis', () => {
  let opened: RateLimitCounters[] = [];

  async function instanceOn(databaseUrl: string): Promise<RateLimitCounters> {
    const config = loadConfig({ DATABASE_URL: databaseUrl, REDIS_URL, LOG_LEVEL: 'silent' });
    const counters = new RateLimitCounters(config, new SystemClock(), pino({ level: 'silent' }));
    opened.push(counters);
    await counters.onModuleInit();
    return counters;
  }

  const hit = (counters: RateLimitCounters, key: string) =>
    counters.increment(key, WINDOW_MS, 2, WINDOW_MS, 'test');

  afterEach(() => {
    for (const counters of opened) counters.onApplicationShutdown();
    opened = [];
  });

  it('counts together on one database, and apart from a deployment on another', async () => {
    const database = `postgres://alerts@db-${randomUUID()}.internal/alerts_${randomUUID().slice(0, 8)}`;
    const first = await instanceOn(database);
    const second = await instanceOn(database.replace('db-', 'pooler-'));
    const elsewhere = await instanceOn(`${database}_staging`);
    // The same key in both deployments, as the per-email and per-address limits make it.
    const key = `sign-in-email:${randomUUID()}`;

    await hit(first, key);
    await hit(second, key);
    const blocked = await hit(first, key);
    const otherDeployment = await hit(elsewhere, key);

    expect(blocked).toMatchObject({ totalHits: 3, isBlocked: true });
    expect(otherDeployment).toMatchObject({ totalHits: 1, isBlocked: false });
  });
});
