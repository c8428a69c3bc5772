import { appendFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Test } from 'supertest';
import { createKeyword } from '../factories/keyword.factory.js';
import { createWebhook } from '../factories/webhook.factory.js';
import type { FakeRedditServer } from '../fixtures/reddit/fake-reddit-server.js';
import type { TestApp } from './create-test-app.js';
import { deliveryRows } from './delivery-scenario.js';
import type { WebhookReceiver } from './webhook-receiver.js';

/** What the outage tests read of one answer, and how long it took. */
export interface TimedAnswer {
  status: number;
  ms: number;
  code: string | null;
  retryAfter: string | null;
}

/** No answer by then counts as a hang (status 0): far beyond what any answer may take. */
const HANG_MS = 20_000;

export async function timed(request: Test): Promise<TimedAnswer> {
  const started = performance.now();
  try {
    const res = await request.timeout(HANG_MS);
    const body = res.body as { code?: string; errors?: { extensions?: { code?: string } }[] };
    return {
      status: res.status,
      ms: performance.now() - started,
      code: body.code ?? body.errors?.[0]?.extensions?.code ?? null,
      retryAfter: (res.headers['retry-after'] as string | undefined) ?? null,
    };
  } catch {
    return { status: 0, ms: performance.now() - started, code: null, retryAfter: null };
  }
}

/** Sends each request of `reads` in turn, again every `periodMs`, for `forMs`: a client polling. */
export async function readEvery(
  reads: (() => Test)[],
  periodMs: number,
  forMs: number,
): Promise<TimedAnswer[]> {
  const answers: TimedAnswer[] = [];
  const until = performance.now() + forMs;
  while (performance.now() < until) {
    const round = performance.now();
    for (const read of reads) answers.push(await timed(read()));
    await sleep(Math.max(0, periodMs - (performance.now() - round)));
  }
  return answers;
}

/** How long (ms) until `read` answers `status`, asked every 20 ms from now. */
export async function untilAnswers(read: () => Test, status: number): Promise<number> {
  const started = performance.now();
  while ((await timed(read())).status !== status) {
    if (performance.now() - started > 30_000) throw new Error(`never answered ${status}`);
    await sleep(20);
  }
  return performance.now() - started;
}

export const slowest = (answers: TimedAnswer[]): number =>
  Math.round(Math.max(...answers.map((answer) => answer.ms)));

/**
 * With OUTAGE_FIGURES set to a file, each figure a test measured is appended to it as a JSON
 * line (docs/operations.md quotes them); otherwise nothing is written.
 */
export function recordFigure(figure: Record<string, unknown>): void {
  const file = process.env.OUTAGE_FIGURES;
  if (file) appendFileSync(file, `${JSON.stringify(figure)}\n`);
}

export interface Outage {
  begin(): void;
  end(): Promise<void>;
}

export interface PostsAcrossOutage {
  /** Reddit ids of the posts that matched, in the order they appeared. */
  posted: string[];
  /** Reddit ids of the alerts the receiver got, in the order they arrived. */
  delivered: string[];
  /** The delivery rows' statuses once all had arrived. */
  statuses: string[];
  /** From the end of the outage to the last delivery settled. */
  settledAfterMs: number;
}

/**
 * Posts matching a keyword appear on simulated Reddit before, during and after an outage, while
 * `t` (ROLE=all) polls and delivers on its own; when the outage begins, attempts are in flight
 * (the receiver holds their answers), so their outcomes are recorded across it. Resolves once
 * every post reached the receiver and no delivery row is left open.
 */
export async function postsAcrossOutage(
  t: TestApp,
  reddit: FakeRedditServer,
  receiver: WebhookReceiver,
  outage: Outage & { lastsMs: number },
): Promise<PostsAcrossOutage> {
  const stopClock = clockAtRealSpeed(t);
  reddit.useClock(() => t.clock.nowMs());
  try {
    return await postAndDeliver(t, reddit, receiver, outage);
  } finally {
    stopClock();
  }
}

/** The app's clock goes at real speed meanwhile: the poller paces its requests by it. */
function clockAtRealSpeed(t: TestApp): () => void {
  let last = performance.now();
  const timer = setInterval(() => {
    const elapsed = Math.floor(performance.now() - last);
    t.clock.advance(elapsed);
    last += elapsed;
  }, 10);
  return () => clearInterval(timer);
}

async function postAndDeliver(
  t: TestApp,
  reddit: FakeRedditServer,
  receiver: WebhookReceiver,
  outage: Outage & { lastsMs: number },
): Promise<PostsAcrossOutage> {
  const { apiKey } = await t.account('pro');
  await createKeyword(t, apiKey, 'outage');
  await createWebhook(t, apiKey, receiver.url);
  const posted: string[] = [];
  const post = (count: number) => {
    for (let i = 0; i < count; i += 1) {
      posted.push(reddit.addPost({ title: `outage post ${posted.length + 1}` }));
    }
  };

  post(3);
  await receiver.received(3);
  receiver.hold();
  post(3);
  await receiver.received(6);
  outage.begin();
  receiver.release();
  post(3);
  await sleep(outage.lastsMs / 2);
  post(3);
  await sleep(outage.lastsMs / 2);
  await outage.end();
  const endedAt = performance.now();
  post(3);

  await receiver.received(posted.length);
  let statuses: string[] = [];
  for (;;) {
    statuses = (await deliveryRows(t)).map((row) => row.status);
    if (
      statuses.length >= posted.length &&
      statuses.every((status) => status !== 'pending' && status !== 'sending')
    )
      break;
    await sleep(50);
  }
  const delivered = receiver.requests.map(
    (request) => (JSON.parse(request.body.toString('utf8')) as { id: string }).id,
  );
  return { posted, delivered, statuses, settledAfterMs: performance.now() - endedAt };
}
