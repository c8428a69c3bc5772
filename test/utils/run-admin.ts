import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { TEST_PASSWORD_HASH_ENV } from './test-password-cost.js';

export interface AdminRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The operator command's node invocation, as package.json's `admin` script writes it
 * (`node --enable-source-maps dist/src/cli/admin.js`): run as it is, without npm's own start-up.
 */
function adminScriptArgs(): string[] {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as {
    scripts: { admin: string };
  };
  const [command, ...args] = scripts.admin.split(' ');
  if (command !== 'node')
    throw new Error(`the admin script no longer starts with node: ${command}`);
  return args;
}

/**
 * Runs the real operator command against the given database: the `admin` script's own node
 * command, or with `viaNpm` exactly as an operator types it, `npm run --silent admin -- …`.
 */
export function runAdmin(
  args: string[],
  env: Record<string, string>,
  stdin?: string,
  { viaNpm = false } = {},
): Promise<AdminRun> {
  return new Promise((resolve, reject) => {
    const [command, commandArgs] = viaNpm
      ? ['npm', ['run', '--silent', 'admin', '--', ...args]]
      : [process.execPath, [...adminScriptArgs(), ...args]];
    const child = spawn(command, commandArgs, {
      cwd: process.cwd(),
      env: { ...process.env, LOG_LEVEL: '', ...TEST_PASSWORD_HASH_ENV, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? '');
  });
}

export function parseJsonLine(stdout: string): Record<string, unknown> {
  const lines = stdout.split('\n').filter((line) => line !== '');
  if (lines.length !== 1) throw new Error(`expected one JSON line on stdout, got: ${stdout}`);
  return JSON.parse(lines[0]) as Record<string, unknown>;
}
