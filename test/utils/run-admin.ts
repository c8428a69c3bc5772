import { spawn } from 'node:child_process';

export interface AdminRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real operator command, `npm run --silent admin -- …`, against the given database. */
export function runAdmin(
  args: string[],
  env: Record<string, string>,
  stdin?: string,
): Promise<AdminRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'admin', '--', ...args], {
      cwd: process.cwd(),
      env: { ...process.env, LOG_LEVEL: '', ...env },
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
