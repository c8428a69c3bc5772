/**
 * End-to-end ingest throughput: the real `admin ingest` command reading an NDJSON dump of
 * synthetic Reddit items into SQLite and PostgreSQL, with keywords spread over several accounts
 * (and one webhook each, so every alert also writes its outbox row).
 *
 *   npm run bench:ingest [-- --items 100000 --keywords 1000]
 *   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/test (default; unreachable → skipped)
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import pg from 'pg';
import { CliModule } from '../src/cli/cli.module.js';
import { loadConfig } from '../src/config/app-config.js';
import { planLimits } from '../src/config/plans.js';
import { callerFor } from '../src/modules/auth/caller.js';
import { AccountsService } from '../src/modules/accounts/accounts.service.js';
import { KeywordsModule } from '../src/modules/keywords/keywords.module.js';
import { KeywordsService } from '../src/modules/keywords/keywords.service.js';
import { WebhookEntity } from '../src/modules/webhooks/webhook.entity.js';
import { Database } from '../src/database/database.js';
import { newId } from '../src/common/ids.js';
import { pino } from 'pino';
import { syntheticItems, syntheticKeywords } from './synthetic-stream.js';

const run = promisify(execFile);
const KEYWORDS_PER_ACCOUNT = planLimits('scale').keywordLimit;

interface Target {
  name: string;
  url: string;
  drop(): Promise<void>;
}

function dumpFile(dir: string, count: number): string {
  const lines: string[] = [];
  let id = 1_000_000;
  let lastPost = id;
  for (const item of syntheticItems(count, 7)) {
    id += 1;
    const created_utc = 1_763_700_000 + Math.floor(id / 50);
    if (item.type === 'post') {
      lastPost = id;
      const postId = id.toString(36);
      lines.push(
        JSON.stringify({
          id: postId,
          title: item.title,
          selftext: item.selftext,
          subreddit: 'bench',
          author: 'a',
          score: 1,
          num_comments: 0,
          created_utc,
          permalink: `/r/bench/comments/${postId}/x/`,
        }),
      );
    } else {
      lines.push(
        JSON.stringify({
          id: id.toString(36),
          body: item.body,
          link_id: `t3_${lastPost.toString(36)}`,
          subreddit: 'bench',
          author: 'b',
          score: 1,
          created_utc,
        }),
      );
    }
  }
  const file = join(dir, 'dump.ndjson');
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

async function seed(url: string, keywordCount: number): Promise<void> {
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
  const keywords = app.get(KeywordsService);
  const database = app.get(Database);
  const all = syntheticKeywords(keywordCount, 11);
  for (let start = 0; start < all.length; start += KEYWORDS_PER_ACCOUNT) {
    const { account } = await accounts.createAccount({ plan: 'scale', product: 'alerts' });
    const caller = callerFor(account, '');
    await keywords.create(caller, all.slice(start, start + KEYWORDS_PER_ACCOUNT));
    await database.transaction((manager) =>
      manager.insert(WebhookEntity, {
        id: newId(),
        accountId: account.id,
        name: 'bench',
        url: 'https://hooks.example.com/x',
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
  await app.close();
}

async function targets(dir: string): Promise<Target[]> {
  const list: Target[] = [
    { name: 'SQLite', url: `sqlite:${join(dir, 'bench.sqlite')}`, drop: async () => undefined },
  ];
  const admin = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: admin });
  try {
    await client.connect();
  } catch {
    console.log(`PostgreSQL unreachable at ${admin}: skipped`);
    return list;
  }
  const name = `bench_${process.pid}`;
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  list.push({
    name: 'PostgreSQL',
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  });
  return list;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { items: { type: 'string' }, keywords: { type: 'string' } },
  });
  const itemCount = Number(values.items ?? 100_000);
  const keywordCount = Number(values.keywords ?? 1_000);
  const dir = mkdtempSync(join(tmpdir(), 'ingest-bench-'));
  const file = dumpFile(dir, itemCount);
  console.log(
    `ingest benchmark: ${itemCount} items, ${keywordCount} keywords (mixed modes) over ${Math.ceil(keywordCount / KEYWORDS_PER_ACCOUNT)} accounts, 1 webhook each`,
  );
  console.log(
    'database     items/s   alerts   capped   seconds (admin ingest, process start to exit)',
  );
  try {
    for (const target of await targets(dir)) {
      try {
        await seed(target.url, keywordCount);
        const started = process.hrtime.bigint();
        const { stdout } = await run('node', ['dist/src/cli/admin.js', 'ingest', file], {
          env: { ...process.env, DATABASE_URL: target.url, LOG_LEVEL: '' },
          maxBuffer: 1 << 24,
        });
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        const summary = JSON.parse(stdout) as { alerts: number; capped: number };
        console.log(
          `${target.name.padEnd(10)} ${String(Math.round(itemCount / seconds)).padStart(9)} ${String(summary.alerts).padStart(8)} ${String(summary.capped).padStart(8)} ${seconds.toFixed(2).padStart(9)}`,
        );
      } finally {
        await target.drop();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
