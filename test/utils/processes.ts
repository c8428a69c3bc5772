import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect, createServer } from 'node:net';

/** A TCP port nothing listens on right now, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

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

/** Starts a command and resolves once a line of its output matches. */
export function startUntil(
  command: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: 'pipe' });
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
