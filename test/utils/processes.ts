import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { connect } from 'node:net';
import { TEST_PASSWORD_HASH_ENV } from './test-password-cost.js';

/** Whether a TCP connection to host:port is accepted. */
export function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts a command (a service: with the tests' password cost) and resolves once a line of its output matches. */
export function startUntil(
  command: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
) {
  const child = spawn(command, args, {
    env: { ...process.env, ...TEST_PASSWORD_HASH_ENV, ...env },
    stdio: 'pipe',
  });
  let output = '';
  const started = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${command} exited with ${code}: ${output}`)));
  });
  return { child, started, output: () => output };
}

/** Resolves once `check` holds, asking every 50 ms; fails naming `what` after `timeoutMs`. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}
