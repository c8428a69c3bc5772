import { DeliveryEntity } from '../../src/modules/delivery/delivery.entity.js';
import {
  DeliveryWorker,
  type DeliveryRunSummary,
} from '../../src/modules/delivery/delivery-worker.service.js';
import {
  IngestionPipeline,
  type IngestSummary,
} from '../../src/modules/ingestion/ingestion-pipeline.service.js';
import type { RedditItem } from '../../src/modules/ingestion/reddit-item.js';
import { normalizeRedditThing } from '../../src/modules/ingestion/reddit/normalize.js';
import type { WebhookResponse } from '../../src/modules/webhooks/webhook.response.js';
import {
  dumpComment,
  dumpPost,
  type DumpComment,
  type DumpPost,
} from '../factories/reddit-dump.factory.js';
import { bearer, createTestApp, type TestApp } from './create-test-app.js';
import type { TestDatabaseKind } from './test-databases.js';

/** What the delivery tests do through the API and the pipeline, in one place. */

export interface CreatedWebhook {
  id: string;
  secret: string;
}

export async function createWebhook(
  t: TestApp,
  apiKey: string,
  url: string,
): Promise<CreatedWebhook> {
  const res = await t.http.post('/api/v1/webhooks').set(bearer(apiKey)).send({ url });
  if (res.status !== 201) throw new Error(`creating a webhook failed: ${res.status} ${res.text}`);
  const body = res.body as { data: WebhookResponse; secret: string };
  return { id: body.data.id, secret: body.secret };
}

export async function webhookState(
  t: TestApp,
  apiKey: string,
  id: string,
): Promise<WebhookResponse> {
  const res = await t.http.get('/api/v1/webhooks').set(bearer(apiKey)).expect(200);
  const found = (res.body as { data: WebhookResponse[] }).data.find((webhook) => webhook.id === id);
  if (found === undefined) throw new Error(`webhook ${id} is not listed`);
  return found;
}

export async function addKeyword(t: TestApp, apiKey: string, text: string): Promise<string> {
  const res = await t.http.post('/api/v1/keywords').set(bearer(apiKey)).send({ text }).expect(201);
  return (res.body as { created: { id: string }[] }).created[0].id;
}

export const postItem = (overrides: Partial<DumpPost> = {}): RedditItem =>
  normalizeRedditThing(dumpPost(overrides))!;

export const commentItem = (
  post: Pick<DumpPost, 'id' | 'subreddit'>,
  overrides: Partial<DumpComment> = {},
): RedditItem => normalizeRedditThing(dumpComment(post, overrides))!;

/** Through the same pipeline as the poller and the admin command: match, cap, store, outbox. */
export function ingest(t: TestApp, items: RedditItem[]): Promise<IngestSummary> {
  return t.app.get(IngestionPipeline).process(items);
}

export function runDeliveries(t: TestApp): Promise<DeliveryRunSummary> {
  return t.app.get(DeliveryWorker).runOnce();
}

export function deliveryRows(t: TestApp): Promise<DeliveryEntity[]> {
  return t.database.manager.find(DeliveryEntity, { order: { id: 'ASC' } });
}

/** Another instance of the service on the same database (its own worker, clock and caches). */
export function openSecondInstance(
  kind: TestDatabaseKind,
  t: TestApp,
  env: Record<string, string> = {},
): Promise<TestApp> {
  return createTestApp(kind, { ...env, DATABASE_URL: t.databaseUrl });
}
