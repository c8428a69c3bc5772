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

/** Compiles `files` (and what they import) in strict mode; each error as `file:line: message`. */
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
    return `${diagnostic.file.fileName}:${line + 1}: ${message}`;
  });
}
