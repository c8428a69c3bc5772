import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../utils/create-test-app.js';
import {
  generateTypeScriptClient,
  lintOpenApi,
  requestBodyUsage,
  routesWithBody,
  typeErrors,
  type Json,
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
 * Every route that takes a body, with the smallest bodies its contract accepts: only the fields
 * the contract requires, each with a value. Written from the contract (alerts-api.md and
 * decisions.md; the project's docs where the App product's routes are not in them), never read
 * from the document under test: a generated client must accept each body (a field with a default
 * is optional) and refuse it without any one of its fields. A route with a body that is not here
 * fails the test.
 */
const REQUEST_BODIES: Record<string, Json[]> = {
  // alerts-api.md 4.1: keywords[].text is required, mode and the track flags have defaults; a
  // bare array, or a single { text } object, is accepted in place of { keywords: [...] }.
  'POST /api/v1/keywords': [
    { keywords: [{ text: 'acme corp' }] },
    [{ text: 'acme corp' }],
    { text: 'acme corp' },
  ],
  // decisions.md 14: one keyword item as POST /keywords takes it, plus hours (optional).
  'POST /api/v1/keywords/preview': [{ text: 'acme corp' }],
  // alerts-api.md 4.1: body fields, all optional.
  'PATCH /api/v1/keywords/{id}': [{}],
  // alerts-api.md 4.3: url required, name optional; decisions.md 11: format, json by default.
  'POST /api/v1/webhooks': [{ url: 'https://hooks.example.com/alerts' }],
  // decisions.md 7: name and/or active; 11: format.
  'PATCH /api/v1/webhooks/{id}': [{}],
  // decisions.md 7 names the route; docs/webhooks.md: { since, status }, status may be left out.
  'POST /api/v1/webhooks/{id}/redeliver': [{ since: '2026-11-21T10:04:05+00:00' }],
  // decisions.md 11: { email, frequency, keyword_ids? }.
  'POST /api/v1/email-subscriptions': [{ email: 'alerts@example.com', frequency: 'daily' }],
  // docs/inbox.md (the App product's routes): { name, description?, keywords, active? }, a
  // keyword being a bare string or { text, mode? }.
  'POST /api/v1/searches': [
    { name: 'Widgets', keywords: ['widgets'] },
    { name: 'Widgets', keywords: [{ text: 'widgets' }] },
  ],
  // docs/inbox.md: any of name, description, keywords, active.
  'PATCH /api/v1/searches/{id}': [{}],
  // docs/inbox.md: is_read and/or is_declined.
  'PATCH /api/v1/inbox/{id}': [{}],
};

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

// POST /api/v1/keywords: an item's optional fields, typed.
export const fullItem: Schemas['KeywordItem'] = {
  text: 'gadgets',
  mode: 'broad',
  exclude: ['free trial'],
  track_comments: false,
};
// @ts-expect-error the modes are exact, proximity and broad
export const unknownMode: Schemas['KeywordItem'] = { text: 'acme', mode: 'fuzzy' };
// @ts-expect-error an item has no other fields
export const unknownField: Schemas['KeywordItem'] = { text: 'acme', colour: 'red' };

// Issue #33: a query may be given, or null for none, on an item and in a change.
export const itemWithQuery: Schemas['KeywordItem'] = { text: 'acme', query: 'acme -sub:acme' };
export const itemWithoutQuery: Schemas['KeywordItem'] = { text: 'acme', query: null };
export const clearQuery: Schemas['UpdateKeyword'] = { query: null };
// @ts-expect-error a query is a string
export const numericQuery: Schemas['KeywordItem'] = { text: 'acme', query: 42 };

// Query parameters with a default are optional.
export const alertsQuery: NonNullable<paths['/api/v1/alerts']['get']['parameters']['query']> = {};
export const inboxQuery: NonNullable<paths['/api/v1/inbox']['get']['parameters']['query']> = {};

// Answers carry every field: a keyword as answered has its mode and flags, a webhook its format.
// @ts-expect-error mode, active, track_posts… are always present in an answer
export const partialKeyword: Schemas['Keyword'] = { id: 'k', text: 'acme' };
same<Schemas['Keyword']['track_posts'], boolean>(true);
same<Schemas['Webhook']['format'], 'json' | 'slack' | 'discord'>(true);
same<Schemas['Keyword']['query'], string | null>(true);
same<Schemas['Usage']['today'][number]['query'], string | null>(true);

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
  let document: { paths: Record<string, Record<string, unknown>> };

  beforeAll(async () => {
    // The document does not depend on the database: SQLite alone.
    t = await createTestApp('sqlite');
    dir = mkdtempSync(join(tmpdir(), 'openapi-tooling-'));
    documentFile = join(dir, 'openapi.json');
    const res = await t.http.get('/api/v1/openapi.json').expect(200);
    writeFileSync(documentFile, res.text);
    document = res.body as typeof document;
  });
  beforeAll(() => generateTypeScriptClient(documentFile, join(dir, 'api.ts')));
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

  it('generates with openapi-typescript a client typed as the API accepts and answers', () => {
    writeFileSync(join(dir, 'usage.ts'), CLIENT_USAGE);
    expect(typeErrors([join(dir, 'usage.ts')])).toEqual([]);
  });

  it('knows the contract of every route that takes a body', () => {
    expect(routesWithBody(document).sort()).toEqual(Object.keys(REQUEST_BODIES).sort());
  });

  it('types every request body so that its required fields alone compile, and no fewer', () => {
    const files = Object.entries(REQUEST_BODIES).map(([route, bodies]) => {
      const file = join(dir, `${route.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.ts`);
      writeFileSync(file, requestBodyUsage(route, bodies));
      return file;
    });
    expect(typeErrors(files)).toEqual([]);
  });
});
