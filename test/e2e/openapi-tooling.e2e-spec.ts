import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../utils/create-test-app.js';
import {
  generateTypeScriptClient,
  lintOpenApi,
  typeErrors,
  type LintProblem,
} from '../utils/openapi-tooling.js';

/**
 * Redocly warnings the document keeps, each for a reason; an entry no longer reported fails the
 * test too, so the list cannot outlive its reason.
 */
const ALLOWED_WARNINGS: (Pick<LintProblem, 'ruleId' | 'pointer'> & { reason: string })[] = [
  {
    ruleId: 'info-license',
    pointer: '#/info',
    reason: 'The service is not published under a license, so the document names none.',
  },
  {
    ruleId: 'operation-4xx-response',
    pointer: '#/paths/~1api~1v1~1openapi.json/get/responses',
    reason: 'The document takes no key, parameter or body: it has no 4xx answer to document.',
  },
];

/**
 * How an integrator uses the client openapi-typescript generates from the served document
 * (./api.ts). `same<A, B>(true)` compiles only when the two types are identical; each
 * `@ts-expect-error` line must fail to compile, or the unused directive is an error itself.
 */
const CLIENT_USAGE = `
import type { components, paths } from './api';

type Schemas = components['schemas'];
type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <A, B>(proof: Equal<A, B>) => proof;

// POST /api/v1/keywords: an item needs its text only; the server fills in the rest.
type CreateKeywords =
  paths['/api/v1/keywords']['post']['requestBody']['content']['application/json'];
const textOnly: Schemas['KeywordItem'] = { text: 'acme corp' };
export const shapes: CreateKeywords[] = [
  textOnly,
  [textOnly, { text: 'widgets' }],
  { keywords: [{ text: 'gadgets', mode: 'broad', exclude: ['free trial'], track_comments: false }] },
];
// @ts-expect-error text is required
export const noText: Schemas['KeywordItem'] = { mode: 'exact' };
// @ts-expect-error the modes are exact, proximity and broad
export const unknownMode: Schemas['KeywordItem'] = { text: 'acme', mode: 'fuzzy' };
// @ts-expect-error an item has no other fields
export const unknownField: Schemas['KeywordItem'] = { text: 'acme', colour: 'red' };

// POST /api/v1/searches: active defaults to true.
export const search: Schemas['NewSearch'] = { name: 'Widgets', keywords: ['widgets'] };

// Query parameters with a default are optional.
export const alertsQuery: NonNullable<paths['/api/v1/alerts']['get']['parameters']['query']> = {};
export const inboxQuery: NonNullable<paths['/api/v1/inbox']['get']['parameters']['query']> = {};

// Answers carry every field: a keyword as answered has its mode and flags.
// @ts-expect-error mode, active, track_posts… are always present in an answer
export const partialKeyword: Schemas['Keyword'] = { id: 'k', text: 'acme' };
same<Schemas['Keyword']['track_posts'], boolean>(true);

// Alerts are unscored: relevance_score is null, typed as a score that may be null.
same<Schemas['Alert']['relevance_score'], number | null>(true);
same<Schemas['WebhookAlertPost']['relevance_score'], number | null>(true);
same<Schemas['WebhookAlertComment']['relevance_score'], number | null>(true);
same<Schemas['WebhookTest']['relevance_score'], number | null>(true);
same<Schemas['WebhookAlertPost']['website'], string | null>(true);
same<Schemas['InboxItem']['relevance_score'], number>(true);

// The document itself is an object with properties.
type Document =
  paths['/api/v1/openapi.json']['get']['responses'][200]['content']['application/json'];
same<Document, { [key: string]: unknown }>(true);
`;

describe('the OpenAPI document as third-party tools read it', () => {
  let t: TestApp;
  let dir: string;
  let documentFile: string;

  beforeAll(async () => {
    // The document does not depend on the database: SQLite alone.
    t = await createTestApp('sqlite');
    dir = mkdtempSync(join(tmpdir(), 'openapi-tooling-'));
    documentFile = join(dir, 'openapi.json');
    const res = await t.http.get('/api/v1/openapi.json').expect(200);
    writeFileSync(documentFile, res.text);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("passes Redocly's recommended rules: no error, and only the warnings allowed for a reason", async () => {
    const problems = await lintOpenApi(documentFile);
    const same = (a: Pick<LintProblem, 'ruleId' | 'pointer'>, b: LintProblem) =>
      a.ruleId === b.ruleId && a.pointer === b.pointer;
    const isAllowed = (problem: LintProblem) =>
      problem.severity === 'warn' && ALLOWED_WARNINGS.some((allowed) => same(allowed, problem));
    expect(problems.filter((problem) => !isAllowed(problem))).toEqual([]);
    const stale = ALLOWED_WARNINGS.filter((allowed) => !problems.some((p) => same(allowed, p)));
    expect(stale).toEqual([]);
  });

  it('names the server its paths are on: the one serving it, or PUBLIC_BASE_URL', async () => {
    const { body } = await t.http.get('/api/v1/openapi.json');
    expect((body as { servers: unknown }).servers).toEqual([
      { url: '/', description: 'The server this document is served by.' },
    ]);
    const behindProxy = await createTestApp('sqlite', {
      PUBLIC_BASE_URL: 'https://alerts.example.org/',
    });
    try {
      const res = await behindProxy.http.get('/api/v1/openapi.json').expect(200);
      expect((res.body as { servers: unknown }).servers).toEqual([
        { url: 'https://alerts.example.org', description: 'This service.' },
      ]);
    } finally {
      await behindProxy.close();
    }
  });

  it('generates with openapi-typescript a client typed as the API accepts and answers', async () => {
    await generateTypeScriptClient(documentFile, join(dir, 'api.ts'));
    writeFileSync(join(dir, 'usage.ts'), CLIENT_USAGE);
    expect(typeErrors([join(dir, 'usage.ts')])).toEqual([]);
  });
});
