import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';
import type {
  EntityManager,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';
import {
  BackgroundLoop,
  type BackgroundLoopOptions,
} from '../common/background/background-loop.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { ROOT_LOGGER } from '../core.module.js';
import { redisNamespace } from './database-url.js';
import { Database } from './database.js';

/**
 * A kind of new work ("deliveries"), on its Redis channel `<namespace><topic>:wake`: only the
 * instances on the database that holds the work hear it.
 */
export type WakeTopic = string;
/** How long boot waits for the subscription; after that it completes in the background. */
const SUBSCRIBE_WAIT_MS = 2000;

/**
 * "New work was committed": wakes this instance's listeners of a topic once the transaction that
 * wrote the work has committed (one woken earlier would not see the rows yet) and, with
 * REDIS_URL, every other instance's through a pub/sub channel. Only a hint that saves a poll
 * interval: the table stays the queue, so a lost message delays nothing by more than one poll.
 */
@Injectable()
export class CommitWakeups implements OnModuleInit, OnApplicationShutdown {
  private readonly listeners = new Map<WakeTopic, Set<() => void>>();
  private readonly uncommitted = new WeakMap<QueryRunner, Set<WakeTopic>>();
  private readonly commitListener: EntitySubscriberInterface = {
    afterTransactionCommit: (event: TransactionCommitEvent) => this.committed(event.queryRunner),
    afterTransactionRollback: (event: TransactionRollbackEvent) => {
      if (!event.queryRunner.isTransactionActive) this.uncommitted.delete(event.queryRunner);
    },
  };
  private readonly logger: Logger;
  private publisher: Redis | null = null;
  private subscriber: Redis | null = null;
  private readonly channelPrefix: string;

  constructor(
    private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) rootLogger: Logger,
  ) {
    this.logger = rootLogger.child({ component: 'commit-wakeups' });
    this.channelPrefix = redisNamespace(config.databaseUrl);
  }

  async onModuleInit(): Promise<void> {
    this.database.dataSource.subscribers.push(this.commitListener);
    const { redisUrl } = this.config;
    if (redisUrl === null) return;
    // No offline queue: a wake-up that cannot go out now is worthless later.
    this.publisher = this.connect(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    // Only a process that runs the workers listens; the API and the admin command only publish.
    if (this.config.backgroundJobs) await this.listen(redisUrl);
  }

  /** Wakes `topic` once the transaction `manager` writes in has committed; at once outside one. */
  afterCommit(manager: EntityManager, topic: WakeTopic): void {
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive) return this.signal(topic);
    const topics = this.uncommitted.get(runner) ?? new Set();
    this.uncommitted.set(runner, topics.add(topic));
  }

  /** Call after the transaction that wrote the work has committed. */
  signal(topic: WakeTopic): void {
    this.wakeLocally(topic);
    this.publisher?.publish(this.channelOf(topic), '1').catch((error: unknown) => {
      this.logger.debug({ err: error, topic }, 'wake-up not published');
    });
  }

  /** A loop that works off what `topic` announces: each commit of it wakes the loop. */
  backgroundLoop(topic: WakeTopic, options: Omit<BackgroundLoopOptions, 'wakeOn'>): BackgroundLoop {
    return new BackgroundLoop({ ...options, wakeOn: (wake) => this.onWake(topic, wake) });
  }

  /** Returns the function that stops listening. */
  onWake(topic: WakeTopic, listener: () => void): () => void {
    const listeners = this.listeners.get(topic) ?? new Set();
    this.listeners.set(topic, listeners.add(listener));
    return () => listeners.delete(listener);
  }

  async onApplicationShutdown(): Promise<void> {
    const subscribers = this.database.dataSource.subscribers;
    const index = subscribers.indexOf(this.commitListener);
    if (index >= 0) subscribers.splice(index, 1);
    this.subscriber?.disconnect();
    await this.publisher?.quit().catch(() => this.publisher?.disconnect());
  }

  private committed(runner: QueryRunner): void {
    // A released savepoint is not the commit yet.
    if (runner.isTransactionActive) return;
    const topics = this.uncommitted.get(runner);
    if (topics === undefined) return;
    this.uncommitted.delete(runner);
    for (const topic of topics) this.signal(topic);
  }

  private async listen(redisUrl: string): Promise<void> {
    // The subscription waits for Redis however long it takes, and ioredis renews it on reconnect.
    const subscriber = this.connect(redisUrl, { maxRetriesPerRequest: null });
    this.subscriber = subscriber;
    subscriber.on('pmessage', (_pattern: string, channel: string) => {
      const topic = this.topicOf(channel);
      if (topic !== undefined) this.wakeLocally(topic);
    });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      subscriber.psubscribe(this.channelOf('*')),
      new Promise((resolve) => (timer = setTimeout(resolve, SUBSCRIBE_WAIT_MS))),
    ])
      .catch((error: unknown) => this.logger.warn({ err: error }, 'wake-ups: no subscription'))
      .finally(() => clearTimeout(timer));
  }

  private channelOf(topic: WakeTopic): string {
    return `${this.channelPrefix}${topic}:wake`;
  }

  private topicOf(channel: string): WakeTopic | undefined {
    if (!channel.startsWith(this.channelPrefix) || !channel.endsWith(':wake')) return undefined;
    return channel.slice(this.channelPrefix.length, -':wake'.length);
  }

  private wakeLocally(topic: WakeTopic): void {
    for (const listener of this.listeners.get(topic) ?? []) listener();
  }

  private connect(redisUrl: string, options: RedisOptions): Redis {
    const redis = new Redis(redisUrl, options);
    let warned = false;
    redis.on('ready', () => (warned = false));
    redis.on('error', (error: unknown) => {
      if (!warned) this.logger.warn({ err: error }, 'wake-ups: Redis unavailable; polling');
      warned = true;
    });
    return redis;
  }
}
