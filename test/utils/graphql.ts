import type { Response } from 'supertest';
import { bearer, type TestApp } from './create-test-app.js';

/** What every GraphQL test reads of an answer. */

export interface GraphqlError {
  message: string;
  path?: string[];
  extensions: { code: string; status: number };
}

export interface GraphqlBody<T> {
  data?: T | null;
  errors?: GraphqlError[];
}

export type Variables = Record<string, unknown>;
export type Fields = Record<string, unknown>;

const ERROR_FIELDS = ['message', 'locations', 'path', 'extensions'];

/** REST's snake_case keys as the schema spells them. */
export function camelCased(restObject: object): Fields {
  return Object.fromEntries(
    Object.entries(restObject).map(([key, value]) => [
      key.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase()),
      value,
    ]),
  );
}

export function errorsOf(res: Response): GraphqlError[] {
  return (res.body as GraphqlBody<unknown>).errors ?? [];
}

/** One error with REST's code and status in extensions, and nothing else in them. */
export function expectGraphqlError(
  res: Response,
  code: string,
  status: number,
  httpStatus = 200,
): void {
  expect(res.status).toBe(httpStatus);
  const errors = errorsOf(res);
  expect(errors).toHaveLength(1);
  expect(errors[0].extensions).toEqual({ code, status });
  expect(errors[0].message.length).toBeGreaterThan(0);
  for (const key of Object.keys(errors[0])) expect(ERROR_FIELDS).toContain(key);
}

/** POST /graphql with an API key (none: null), as a client sends it. */
export function postGraphql(
  t: TestApp,
  apiKey: string | null,
  query: string,
  variables?: Variables,
) {
  const request = t.http.post('/graphql');
  if (apiKey !== null) request.set(bearer(apiKey));
  return request.send({ query, variables });
}

/** Runs an operation that must succeed and returns its data. */
export async function runGraphql<T>(
  t: TestApp,
  apiKey: string,
  query: string,
  variables?: Variables,
): Promise<T> {
  const res = await postGraphql(t, apiKey, query, variables);
  expect(errorsOf(res)).toEqual([]);
  expect(res.status).toBe(200);
  return (res.body as GraphqlBody<T>).data as T;
}
