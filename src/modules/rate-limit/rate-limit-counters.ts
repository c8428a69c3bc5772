import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { ThrottlerStorageService, type ThrottlerStorage } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { DependencyOutage } from '../../common/outages/dependency-outage.js';
import { Clock } from '../../common/time/clock.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { ROOT_LOGGER } from '../../core.module.js';
import { redisNamespace } from '../../database/database-url.js';

/**
 * A count Redis has not answered by then is made in this instance's memory instead, and the
 * connection reopened. Redis answers one in well under a millisecond: only a server gone silent,
 * or a process starved of CPU that long, is this slow (500 ms split the shared counts of a test
 * once, on the 2-core test machine at load 13).
 */
const REDIS_COMMAND_TIMEOUT_MS = 1_000;

/** How long a start waits for Redis, so that the first requests already count in it. */
const START_WAIT_MS = 2_000;

/** Reconnections while Redis is away: quickly at first, then every second. */
const reconnectDelayMs = (attempt: number): number => Math.min(attempt * 100, 1_000);

const isTimeout = (error: unknown): boolean =>
  error instanceof Error && error.message === 'Command timed out';

/**
 * Where the rate limits are counted (every limit goes through the throttler storage): in Redis
 * when REDIS_URL is set, shared by every instance, else in this instance's memory. While Redis
 * cannot be reached, counts go to memory at once, without waiting on it: each instance then
 * enforces every limit on its own (fail-open per instance, docs/operations.md). One warning is
 * logged when that starts and one line when Redis counts again.
 */
@Injectable()
export class RateLimitCounters implements ThrottlerStorage, OnModuleInit, OnApplicationShutdown {
  private readonly outage: DependencyOutage;
  private readonly local = new ThrottlerStorageService();
  private readonly redis: Redis | null;
  private readonly shared: ThrottlerStorageRedisService | null;
  private closing = false;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    clock: Clock,
    @Inject(ROOT_LOGGER) rootLogger: Logger,
  ) {
    this.outage = new DependencyOutage(clock, rootLogger.child({ component: 'rate-limits' }), {
      lost: 'Redis unreachable: rate limits are counted by each instance on its own until it is back',
      back: 'Redis reachable again: rate limits are shared by the instances again',
    });
    this.redis =
      config.redisUrl === null
        ? null
        : this.connect(config.redisUrl, `${redisNamespace(config.databaseUrl)}ratelimit:`);
    this.shared = this.redis === null ? null : new ThrottlerStorageRedisService(this.redis);
  }

  /** Null without REDIS_URL; else when this instance lost Redis (epoch ms), or null while it reaches it. */
  get redisUnreachableSince(): number | null {
    return this.outage.since;
  }

  get usesRedis(): boolean {
    return this.redis !== null;
  }

  async onModuleInit(): Promise<void> {
    const redis = this.redis;
    if (redis === null || redis.status === 'ready') return;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      redis.once('ready', resolve);
      timer = setTimeout(resolve, START_WAIT_MS);
    });
    clearTimeout(timer);
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): ReturnType<ThrottlerStorage['increment']> {
    if (this.shared !== null && this.redis?.status === 'ready') {
      try {
        const record = await this.shared.increment(key, ttl, limit, blockDuration, throttlerName);
        this.outage.back();
        return record;
      } catch (error) {
        // A connection gone silent is dropped: until it is open again, counts go to memory at once.
        if (isTimeout(error)) this.redis.disconnect(true);
        this.lost(error);
      }
    }
    return this.local.increment(key, ttl, limit, blockDuration, throttlerName);
  }

  onApplicationShutdown(): void {
    if (this.closing) return;
    this.closing = true;
    this.redis?.disconnect();
    this.local.onApplicationShutdown();
  }

  private connect(redisUrl: string, keyPrefix: string): Redis {
    const redis = new Redis(redisUrl, {
      keyPrefix,
      // A command Redis cannot take now fails at once, instead of waiting for it in a queue.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      retryStrategy: reconnectDelayMs,
    });
    redis.on('error', (error: unknown) => this.lost(error));
    redis.on('close', () => this.lost(null));
    redis.on('ready', () => this.outage.back());
    return redis;
  }

  private lost(error: unknown): void {
    if (!this.closing) this.outage.lost(error);
  }
}
