import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';

const run = promisify(execFile);

export interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  pointer: string | null;
}

/** Redocly's `recommended` rules over the OpenAPI document in `file` (redocly-lint.mjs). */
export async function lintOpenApi(file: string): Promise<LintProblem[]> {
  const script = fileURLToPath(new URL('redocly-lint.mjs', import.meta.url));
  const { stdout } = await run(process.execPath, [script, file]);
  return JSON.parse(stdout) as LintProblem[];
}

/** Runs the openapi-typescript command as an integrator would: types for `document` into `output`. */
export async function generateTypeScriptClient(document: string, output: string): Promise<void> {
  const cli = join(process.cwd(), 'node_modules', 'openapi-typescript', 'bin', 'cli.js');
  await run(process.execPath, [cli, document, '--output', output]);
}

/**
 * Compiles `files` (and what they import) in strict mode; each error as `file:line: message`,
 * followed by the line itself (the files are gone once the test ends).
 */
export function typeErrors(files: string[]): string[] {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
    skipLibCheck: true,
  });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (diagnostic.file === undefined || diagnostic.start === undefined) return message;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    const text = diagnostic.file.text.split('\n')[line].trim();
    return `${diagnostic.file.fileName}:${line + 1}: ${message}\n  ${text}`;
  });
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** `METHOD /path` of every operation of the document that takes a request body. */
export function routesWithBody(document: {
  paths: Record<string, Record<string, unknown>>;
}): string[] {
  return Object.entries(document.paths).flatMap(([path, pathItem]) =>
    Object.entries(pathItem)
      .filter(([, operation]) => typeof operation === 'object' && operation !== null)
      .filter(([, operation]) => 'requestBody' in (operation as object))
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
}

/** `body` once without each field it holds, at any depth, named by its path (`keywords[0].text`). */
export function withoutEachField(body: Json, at = ''): { field: string; body: Json }[] {
  if (Array.isArray(body)) {
    return body.flatMap((item, index) =>
      withoutEachField(item, `${at}[${index}]`).map(({ field, body: itemWithout }) => ({
        field,
        body: body.map((other, i) => (i === index ? itemWithout : other)),
      })),
    );
  }
  if (body === null || typeof body !== 'object') return [];
  return Object.entries(body).flatMap(([key, value]) => {
    const field = at === '' ? key : `${at}.${key}`;
    const rest = Object.fromEntries(Object.entries(body).filter(([other]) => other !== key));
    const deeper = withoutEachField(value, field).map(({ field: inner, body: valueWithout }) => ({
      field: inner,
      body: { ...body, [key]: valueWithout },
    }));
    return [{ field, body: rest }, ...deeper];
  });
}

/**
 * A TypeScript file that types `bodies` as the request body of `route` (`POST /api/v1/webhooks`) in
 * the client openapi-typescript generated into ./api.ts: each body must compile, and each of them
 * without any one of its fields must not (an unused `@ts-expect-error` is an error itself).
 */
export function requestBodyUsage(route: string, bodies: Json[]): string {
  const [method, path] = route.split(' ');
  const lines = [
    "import type { paths } from './api';",
    `type Body = NonNullable<paths[${JSON.stringify(path)}][${JSON.stringify(method.toLowerCase())}]['requestBody']>['content']['application/json'];`,
  ];
  bodies.forEach((body, index) => {
    lines.push(`export const body${index}: Body = ${JSON.stringify(body)};`);
    withoutEachField(body).forEach(({ field, body: without }, variant) => {
      lines.push(
        `// @ts-expect-error ${field} is required`,
        `export const body${index}Without${variant}: Body = ${JSON.stringify(without)};`,
      );
    });
  });
  return `${lines.join('\n')}\n`;
}
