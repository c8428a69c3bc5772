import { DeliveryEntity } from '../../src/modules/delivery/delivery.entity.js';
import {
  DeliveryWorker,
  type DeliveryRunSummary,
} from '../../src/modules/delivery/delivery.worker.js';
import {
  IngestionPipeline,
  type IngestSummary,
} from '../../src/modules/ingestion/ingestion-pipeline.service.js';
import type { RedditItem } from '../../src/modules/ingestion/reddit-item.js';
import { normalizeRedditThing } from '../../src/modules/ingestion/reddit/normalize.js';
import type { WebhookResponseDto as WebhookResponse } from '../../src/modules/webhooks/dto/webhook-response.dto.js';
import {
  dumpComment,
  dumpPost,
  type DumpComment,
  type DumpPost,
} from '../factories/reddit-dump.factory.js';
import { bearer, type TestApp } from './create-test-app.js';

/** What the delivery tests do through the API and the pipeline, in one place. */

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
