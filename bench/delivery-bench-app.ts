/**
 * What the delivery benchmarks share: the app they boot (the real worker, in this process), the
 * accounts they subscribe, the posts that match them and the pace they are stored at.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { pino } from 'pino';
import { CliModule } from '../src/cli/cli.module.js';
import { loadConfig } from '../src/config/app-config.js';
import { planLimits } from '../src/config/plans.js';
import { AccountsService } from '../src/modules/accounts/accounts.service.js';
import { callerFor } from '../src/modules/auth/caller.js';
import { IngestionPipeline } from '../src/modules/ingestion/ingestion-pipeline.service.js';
import { PLAIN_TEXT_POST, type RedditPost } from '../src/modules/ingestion/reddit-item.js';
import { KeywordsModule } from '../src/modules/keywords/keywords.module.js';
import { KeywordsService } from '../src/modules/keywords/keywords.service.js';
import type { WebhookDraft } from '../src/modules/webhooks/webhook-rules.js';
import { WebhooksModule } from '../src/modules/webhooks/webhooks.module.js';
import { WebhooksService } from '../src/modules/webhooks/webhooks.service.js';

const DAILY_CAP = planLimits('scale').perKeywordDailyCap;
const FEED_TICK_MS = 50;
/** Items per pipeline call when storing at once: about one Reddit listing page. */
const BURST_BATCH = 100;

export async function bootDeliveryApp(
  databaseUrl: string,
  timeoutMs: number,
): Promise<INestApplicationContext> {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_TIMEOUT_MS: String(timeoutMs),
    ...(process.env.DELIVERY_CONCURRENCY
      ? { DELIVERY_CONCURRENCY: process.env.DELIVERY_CONCURRENCY }
      : {}),
    ROLE: 'all',
    LOG_LEVEL: 'error',
  });
  @Module({
    imports: [
      CliModule.forRoot({ config, logger: pino({ level: 'error' }) }),
      KeywordsModule,
      WebhooksModule,
    ],
  })
  class DeliverBenchModule {}
  const app = await NestFactory.createApplicationContext(DeliverBenchModule, { logger: false });
  await app.init();
  return app;
}

/** One account with enough keywords to stay under the daily cap, and one webhook per receiver. */
export async function subscribe(
  app: INestApplicationContext,
  phase: string,
  alerts: number,
  urls: string[],
  draft: Omit<WebhookDraft, 'url'> = {},
): Promise<string[]> {
  const { account } = await app.get(AccountsService).createAccount({
    plan: 'scale',
    product: 'alerts',
  });
  const caller = callerFor(account, '');
  const terms = Array.from(
    { length: Math.ceil(alerts / DAILY_CAP) },
    (_, i) => `${phase}x${process.pid}k${i}`,
  );
  await app.get(KeywordsService).create(
    caller,
    terms.map((text) => ({ text })),
  );
  const webhooks = app.get(WebhooksService);
  for (const url of urls) await webhooks.create(caller, { url, ...draft });
  return terms;
}

/** Posts that each name one term of every list, so each matches once for every account. */
export function postsFor(termLists: string[][], count: number, phase: string): RedditPost[] {
  return Array.from({ length: count }, (_, i) => {
    const id = `${phase}${i.toString(36)}`;
    const named = termLists.map((terms) => terms[i % terms.length]).join(' and ');
    return {
      type: 'post' as const,
      id,
      subreddit: 'bench',
      author: 'bench',
      title: `News about ${named} today`,
      selftext: '',
      permalink: `/r/bench/comments/${id}/news/`,
      createdUtc: Math.floor(Date.now() / 1000),
      score: 1,
      numComments: 0,
      ...PLAIN_TEXT_POST,
    };
  });
}

/** Stores the posts through the pipeline: at `rate` alerts per second, or all at once. */
export async function feed(
  app: INestApplicationContext,
  posts: RedditPost[],
  rate: number,
): Promise<number> {
  const pipeline = app.get(IngestionPipeline);
  let alerts = 0;
  if (rate <= 0) {
    for (let start = 0; start < posts.length; start += BURST_BATCH) {
      alerts += (await pipeline.process(posts.slice(start, start + BURST_BATCH))).alerts;
      // A real source waits on the network between pages; SQLite calls alone never yield.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return alerts;
  }
  const startedAt = Date.now();
  let stored = 0;
  while (stored < posts.length) {
    const due = Math.min(posts.length, Math.floor(((Date.now() - startedAt) / 1000) * rate) + 1);
    if (due > stored) {
      alerts += (await pipeline.process(posts.slice(stored, due))).alerts;
      stored = due;
    }
    await sleep(FEED_TICK_MS);
  }
  return alerts;
}

export async function waitFor(done: () => boolean, deadline: number): Promise<void> {
  while (!done() && Date.now() < deadline) await sleep(20);
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
