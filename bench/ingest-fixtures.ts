import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { pino } from 'pino';
import { CliModule } from '../src/cli/cli.module.js';
import { newId } from '../src/common/ids.js';
import { loadConfig } from '../src/config/app-config.js';
import { Database } from '../src/database/database.js';
import { AccountsService } from '../src/modules/accounts/accounts.service.js';
import { callerFor } from '../src/modules/auth/caller.js';
import type { KeywordDraft } from '../src/modules/keywords/keyword-rules.js';
import { KeywordsModule } from '../src/modules/keywords/keywords.module.js';
import { KeywordsService } from '../src/modules/keywords/keywords.service.js';
import type { KeywordFilters } from '../src/modules/matching/keyword-definition.js';
import { LiveKeywordMatcher } from '../src/modules/matching/live-keyword-matcher.service.js';
import { WebhookEntity } from '../src/modules/webhooks/webhook.entity.js';
import {
  itemSources,
  type ItemSource,
  type SyntheticItem,
  type SyntheticKeyword,
} from './synthetic-stream.js';

/** What the ingest benches feed `admin ingest`: a dump file, and keywords seeded through the services. */

const CREATE_CHUNK = 500;

const SOURCE_SEED = 7;

/**
 * An NDJSON dump of the items as `admin ingest` reads it, ids counting up from `firstId` (a later
 * dump with ids of its own ingests as new items into the same database).
 */
export function dumpFile(
  dir: string,
  items: Iterable<SyntheticItem>,
  firstId = 1_000_000,
  name = 'dump.ndjson',
): string {
  const lines: string[] = [];
  const sources = itemSources(SOURCE_SEED);
  let id = firstId;
  let lastPost = id;
  for (const item of items) {
    id += 1;
    const created_utc = 1_763_700_000 + Math.floor(id / 50);
    const { subreddit, author }: ItemSource = sources.next().value;
    if (item.type === 'post') {
      lastPost = id;
      const postId = id.toString(36);
      lines.push(
        JSON.stringify({
          id: postId,
          title: item.title,
          selftext: item.selftext,
          subreddit,
          author,
          score: 1,
          num_comments: 0,
          created_utc,
          permalink: `/r/${subreddit}/comments/${postId}/x/`,
        }),
      );
    } else {
      lines.push(
        JSON.stringify({
          id: id.toString(36),
          body: item.body,
          link_id: `t3_${lastPost.toString(36)}`,
          subreddit,
          author,
          score: 1,
          created_utc,
        }),
      );
    }
  }
  const file = join(dir, name);
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

/** A keyword, or a query under a text of its own. */
export type SeededKeyword = SyntheticKeyword & { query?: string };

/** A keyword as POST /keywords takes it, with its filters if it has any. */
export function keywordDraft(
  keyword: SeededKeyword,
  filters: KeywordFilters | undefined,
): KeywordDraft {
  return { ...keyword, ...filters };
}

/**
 * Creates the accounts (plan scale, one webhook each) and their keywords through the services,
 * and checks that a keyword index loads every one of them.
 */
export async function seed(
  url: string,
  keywords: SeededKeyword[],
  accountCount: number,
  filters: readonly (KeywordFilters | undefined)[] = [],
): Promise<void> {
  const config = {
    ...loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent' }),
    backgroundJobs: false,
  };
  @Module({
    imports: [CliModule.forRoot({ config, logger: pino({ level: 'silent' }) }), KeywordsModule],
  })
  class SeedModule {}
  const app = await NestFactory.createApplicationContext(SeedModule, { logger: false });
  const accounts = app.get(AccountsService);
  const keywordsService = app.get(KeywordsService);
  const database = app.get(Database);
  const perAccount = Math.ceil(keywords.length / accountCount);
  for (let index = 0; index < accountCount; index++) {
    const { account } = await accounts.createAccount({ plan: 'scale', product: 'alerts' });
    const scale = callerFor(account, '');
    // More keywords per account than the plan allows, to reach 100k keywords over 40 accounts.
    const caller = {
      ...scale,
      limits: { ...scale.limits, keywordLimit: Math.max(perAccount, scale.limits.keywordLimit) },
    };
    const first = index * perAccount;
    const own = keywords
      .slice(first, first + perAccount)
      .map((keyword, offset) => keywordDraft(keyword, filters[first + offset]));
    for (let start = 0; start < own.length; start += CREATE_CHUNK) {
      await keywordsService.create(caller, own.slice(start, start + CREATE_CHUNK));
    }
    await database.transaction((manager) =>
      manager.insert(WebhookEntity, {
        id: newId(),
        accountId: account.id,
        name: 'bench',
        url: 'https://hooks.example.com/x',
        format: 'json',
        retryPolicy: 'none',
        secret: 'x'.repeat(64),
        active: true,
        lastDeliveryAt: null,
        totalDeliveries: 0,
        lastError: null,
        consecutiveFailures: 0,
        createdAt: Date.now(),
        deletedAt: null,
      }),
    );
  }
  const matcher = app.get(LiveKeywordMatcher);
  await matcher.refresh();
  if (matcher.size !== keywords.length) {
    throw new Error(`index holds ${matcher.size} keywords, expected ${keywords.length}`);
  }
  await app.close();
}
