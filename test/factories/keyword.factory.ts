import type { KeywordResponse } from '../../src/modules/keywords/keyword.response.js';
import { bearer, type TestApp } from '../utils/create-test-app.js';

/** Creates keywords through POST /api/v1/keywords and returns them in request order. */
export async function createKeywords(
  t: TestApp,
  apiKey: string,
  texts: readonly string[],
): Promise<KeywordResponse[]> {
  const res = await t.http
    .post('/api/v1/keywords')
    .set(bearer(apiKey))
    .send({ keywords: texts.map((text) => ({ text })) });
  const body = res.body as { created?: KeywordResponse[]; rejected?: unknown[] };
  if (res.status !== 201 || body.created?.length !== texts.length) {
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
