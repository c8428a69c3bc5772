import { newId } from '../../src/common/ids.js';
import type { KeywordMode } from '../../src/modules/matching/keyword-definition.js';
import { KeywordEntity } from '../../src/modules/keywords/keyword.entity.js';
import { keywordIdentity } from '../../src/modules/keywords/keyword-rules.js';
import type { KeywordResponseDto as KeywordResponse } from '../../src/modules/keywords/dto/keyword.dto.js';
import { bearer, type TestApp } from '../utils/create-test-app.js';
import type { TestStorage } from '../utils/test-storage.js';

/** One item of POST /api/v1/keywords, as a client sends it. */
export interface KeywordItem {
  text: string;
  mode?: KeywordMode;
  track_posts?: boolean;
  track_comments?: boolean;
  query?: string | null;
}

/**
 * Creates keywords through POST /api/v1/keywords, as a client does (the live matchers then see
 * them), and returns them in request order.
 */
export async function createKeywords(
  t: TestApp,
  apiKey: string,
  items: readonly (string | KeywordItem)[],
): Promise<KeywordResponse[]> {
  const res = await t.http
    .post('/api/v1/keywords')
    .set(bearer(apiKey))
    .send({ keywords: items.map((item) => (typeof item === 'string' ? { text: item } : item)) });
  const body = res.body as { created?: KeywordResponse[]; rejected?: unknown[] };
  if (res.status !== 201 || body.created?.length !== items.length) {
    throw new Error(`creating keywords failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return body.created;
}

export async function createKeyword(
  t: TestApp,
  apiKey: string,
  text: string,
): Promise<KeywordResponse> {
  const [keyword] = await createKeywords(t, apiKey, [text]);
  return keyword;
}

/** PATCH /api/v1/keywords/:id with active=false. */
export async function pauseKeyword(t: TestApp, apiKey: string, keywordId: string): Promise<void> {
  const res = await t.http
    .patch(`/api/v1/keywords/${keywordId}`)
    .set(bearer(apiKey))
    .send({ active: false });
  if (res.status !== 200)
    throw new Error(`pausing failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** DELETE /api/v1/keywords/:id (soft delete). */
export async function deleteKeyword(t: TestApp, apiKey: string, keywordId: string): Promise<void> {
  const res = await t.http.delete(`/api/v1/keywords/${keywordId}`).set(bearer(apiKey));
  if (res.status !== 200)
    throw new Error(`deleting failed: ${res.status} ${JSON.stringify(res.body)}`);
}

export type KeywordOverrides = Partial<KeywordEntity> & { accountId: string };

let keywordSequence = 0;
const ROWS_PER_INSERT = 500;

/** Keyword rows as the service builds them, not stored: active exact keywords with distinct texts unless told otherwise. */
export function buildKeywords(
  storage: TestStorage,
  rows: readonly KeywordOverrides[],
): KeywordEntity[] {
  const now = storage.clock.nowMs();
  return rows.map((overrides) => {
    const text = overrides.text ?? `keyword ${(keywordSequence += 1)}`;
    return Object.assign(new KeywordEntity(), {
      id: newId(),
      text,
      normalizedText: keywordIdentity(text),
      mode: 'exact',
      active: true,
      trackPosts: true,
      trackComments: true,
      exclude: [],
      subreddits: [],
      excludeSubreddits: [],
      excludeAuthors: [],
      query: null,
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
      changeSeq: 0,
      ...overrides,
    });
  });
}

/**
 * Stores keyword rows (buildKeywords) for the specs of what reads them (the daily cap, the
 * outbox). No change number is taken, so a live matcher would not see them: tests of matching
 * create keywords through the API.
 */
export async function insertKeywords(
  storage: TestStorage,
  rows: readonly KeywordOverrides[],
): Promise<KeywordEntity[]> {
  const keywords = buildKeywords(storage, rows);
  await storage.database.transaction(async (manager) => {
    for (let start = 0; start < keywords.length; start += ROWS_PER_INSERT) {
      await manager.insert(KeywordEntity, keywords.slice(start, start + ROWS_PER_INSERT));
    }
  });
  return keywords;
}

export async function insertKeyword(
  storage: TestStorage,
  overrides: KeywordOverrides,
): Promise<KeywordEntity> {
  const [keyword] = await insertKeywords(storage, [overrides]);
  return keyword;
}
