import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { ROOT_LOGGER } from '../../core.module.js';

const WAKE_CHANNEL = 'alerts:deliveries:wake';
/** How long boot waits for the subscription; after that it completes in the background. */
const SUBSCRIBE_WAIT_MS = 2000;

/**
 * "New deliveries were committed": wakes this instance's worker at once and, with REDIS_URL,
 * every other instance's through a pub/sub channel. Only a hint that saves a poll interval:
 * the outbox table stays the queue, so a lost message delays nothing by more than one poll.
 */
@Injectable()
export class DeliveryWakeups implements OnModuleInit, OnApplicationShutdown {
  private readonly listeners = new Set<() => void>();
  private readonly logger: Logger;
  private publisher: Redis | null = null;
  private subscriber: Redis | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) rootLogger: Logger,
  ) {
    this.logger = rootLogger.child({ component: 'delivery-wakeups' });
  }

  async onModuleInit(): Promise<void> {
    const { redisUrl } = this.config;
    if (redisUrl === null) return;
    // No offline queue: a wake-up that cannot go out now is worthless later.
    this.publisher = this.connect(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    // Only a process that runs the worker listens; the API and the admin command only publish.
    if (this.config.backgroundJobs) await this.listen(redisUrl);
  }

  /** Call after the transaction that wrote deliveries has committed. */
  signal(): void {
    this.wakeLocally();
    this.publisher?.publish(WAKE_CHANNEL, '1').catch((error: unknown) => {
      this.logger.debug({ err: error }, 'delivery wake-up not published');
    });
  }

  /** Returns the function that stops listening. */
  onWake(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async onApplicationShutdown(): Promise<void> {
    this.subscriber?.disconnect();
    await this.publisher?.quit().catch(() => this.publisher?.disconnect());
  }

  private async listen(redisUrl: string): Promise<void> {
    // The subscription waits for Redis however long it takes, and ioredis renews it on reconnect.
    const subscriber = this.connect(redisUrl, { maxRetriesPerRequest: null });
    this.subscriber = subscriber;
    subscriber.on('message', () => this.wakeLocally());
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      subscriber.subscribe(WAKE_CHANNEL),
      new Promise((resolve) => (timer = setTimeout(resolve, SUBSCRIBE_WAIT_MS))),
    ])
      .catch((error: unknown) =>
        this.logger.warn({ err: error }, 'delivery wake-ups: no subscription'),
      )
      .finally(() => clearTimeout(timer));
  }

  private wakeLocally(): void {
    for (const listener of this.listeners) listener();
  }

  private connect(redisUrl: string, options: RedisOptions): Redis {
    const redis = new Redis(redisUrl, options);
    let warned = false;
    redis.on('ready', () => (warned = false));
    redis.on('error', (error: unknown) => {
      if (!warned)
        this.logger.warn({ err: error }, 'delivery wake-ups: Redis unavailable; polling');
      warned = true;
    });
    return redis;
  }
}
