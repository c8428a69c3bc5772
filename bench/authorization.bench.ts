/**
 * What the role check (docs/teams.md, Roles) adds to a GraphQL request: the real app (SQLite in
 * a temporary file) on 127.0.0.1, a signed-in member's session sending a two-field query
 * (`apiKeys` and `teamMembers`, each checked) at a steady rate, open loop. The check's own time,
 * the field's declared role looked up and compared with the caller's, is timed inside the guard
 * on every field and summed per request; the requests' whole latency is printed beside it.
 *
 *   npm run bench:authorization -- [--rate 100] [--seconds 30]
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import type { ExecutionContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { pino } from 'pino';
import { AppModule } from '../src/app.module.js';
import { requestOf } from '../src/common/http/request-of.js';
import { loadConfig } from '../src/config/app-config.js';
import { AccountsService } from '../src/modules/accounts/accounts.service.js';
import { requireRole, type AccountRole } from '../src/modules/auth/account-roles.js';
import { ApiKeyGuard } from '../src/modules/auth/api-key.guard.js';
import { UsersService } from '../src/modules/users/users.service.js';
import { setupApp } from '../src/setup-app.js';
import { GraphqlSession } from './graphql-session.js';
import { printTable } from './print-table.js';

const QUERY = '{ apiKeys { id } teamMembers { id role } }';
const MEMBER: AccountRole = 'member';

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * Times the guard's role check on every field: the declared role's lookup (requiredRole) and
 * the comparison (requireRole, run once more inside the timed span: it is a pure function, and
 * the guard runs it again after). Returns each request's summed check time in ms.
 */
function timeRoleChecks(): Map<object, number> {
  const perRequest = new Map<object, number>();
  const prototype = ApiKeyGuard.prototype as unknown as {
    requiredRole(context: ExecutionContext): AccountRole;
  };
  const original = prototype.requiredRole;
  prototype.requiredRole = function timed(this: unknown, context: ExecutionContext) {
    const started = process.hrtime.bigint();
    const needed = original.call(this, context);
    requireRole(MEMBER, needed);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const request = requestOf(context);
    perRequest.set(request, (perRequest.get(request) ?? 0) + ms);
    return needed;
  };
  return perRequest;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rate: { type: 'string', default: '100' },
      seconds: { type: 'string', default: '30' },
    },
  });
  const rate = Number(values.rate);
  const seconds = Number(values.seconds);
  const dir = mkdtempSync(join(tmpdir(), 'authorization-bench-'));
  const config = loadConfig({
    DATABASE_URL: `sqlite:${join(dir, 'bench.sqlite')}`,
    ROLE: 'api',
    LOG_LEVEL: 'silent',
    DASHBOARD_RATE_PER_MINUTE: String(rate * 60 * 10),
    PASSWORD_HASH_LOG_N: '10',
  });
  const app = await NestFactory.create(
    AppModule.forRoot({ config, logger: pino({ level: 'silent' }) }),
    { bodyParser: false, logger: false },
  );
  setupApp(app);
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  try {
    const { account } = await app
      .get(AccountsService)
      .createAccount({ plan: 'starter', product: 'alerts' });
    const email = 'member@example.com';
    const { password } = await app.get(UsersService).createUser(account.id, email, MEMBER);
    const session = await GraphqlSession.signIn(base, email, password);
    const perRequest = timeRoleChecks();
    await session.query(QUERY);
    perRequest.clear();

    const latencies: number[] = [];
    const sent: Promise<void>[] = [];
    const gapMs = 1_000 / rate;
    const start = performance.now();
    for (let index = 0; index < rate * seconds; index += 1) {
      const due = start + index * gapMs;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      sent.push(
        (async () => {
          const began = performance.now();
          await session.query(QUERY);
          latencies.push(performance.now() - began);
        })(),
      );
    }
    await Promise.all(sent);
    const elapsed = (performance.now() - start) / 1_000;

    const checks = [...perRequest.values()].sort((a, b) => a - b);
    latencies.sort((a, b) => a - b);
    const us = (ms: number) => `${(ms * 1_000).toFixed(1)} µs`;
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(
      `\n${checks.length} requests of ${QUERY} in ${elapsed.toFixed(1)} s (${(checks.length / elapsed).toFixed(0)}/s), a member's session:\n`,
    );
    printTable(
      ['figure', 'p50', 'p95', 'max'],
      [
        [
          'role check, per request (2 fields)',
          us(percentile(checks, 50)),
          us(percentile(checks, 95)),
          us(checks.at(-1)!),
        ],
        [
          'whole request, client side',
          ms(percentile(latencies, 50)),
          ms(percentile(latencies, 95)),
          ms(latencies.at(-1)!),
        ],
      ],
    );
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
