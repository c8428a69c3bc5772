import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';

/**
 * The test servers that stand for something a test can take away (webhook endpoints, an OpenID
 * provider, the fault proxies in front of PostgreSQL and Redis), and the ports handed to child
 * processes, use a block of ports of their Jest worker's own, under the kernel's ephemeral range.
 * The kernel hands those ports neither to a listen(0) nor to an outgoing connection, and the
 * other worker takes from its own block, so such a port stays the test's: one it closed keeps
 * refusing connections (an endpoint gone, a dependency cut), and one found free for a child
 * process is still free when the child listens. On a port the kernel picks, a suite running
 * beside it could listen the moment it closed (CI once saw a webhook endpoint, closed to be
 * unreachable, answer 404 as another suite's server).
 */
const FIRST_BLOCK_START = 10_000;
const BLOCK_SIZE = 2_000;
const LOOPBACK = '127.0.0.1';

function ephemeralRangeStart(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0]);
  } catch {
    return 32_768;
  }
}

const ephemeralStart = ephemeralRangeStart();
const blockCount = Math.floor((ephemeralStart - FIRST_BLOCK_START) / BLOCK_SIZE);
if (blockCount < 1) {
  throw new Error(
    `The kernel's ephemeral ports start at ${ephemeralStart}, leaving no room for the tests' ` +
      `port blocks from ${FIRST_BLOCK_START}; raise net.ipv4.ip_local_port_range's first port.`,
  );
}
const workerIndex = (Number(process.env.JEST_WORKER_ID ?? '1') - 1) % blockCount;
const blockStart = FIRST_BLOCK_START + workerIndex * BLOCK_SIZE;
let handedOut = 0;

function nextCandidate(): number {
  handedOut += 1;
  return blockStart + (handedOut % BLOCK_SIZE);
}

function listenOn(server: Server, port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (error.code === 'EADDRINUSE') resolve(false);
      else reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve(true);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, LOOPBACK);
  });
}

/**
 * Makes `server` listen on 127.0.0.1, on a port of this worker's block it has not handed out in
 * this test file, and returns the port.
 */
export async function listenOnTestPort(server: Server): Promise<number> {
  for (let tried = 0; tried < BLOCK_SIZE; tried += 1) {
    if (await listenOn(server, nextCandidate())) return (server.address() as AddressInfo).port;
  }
  throw new Error(`No free port left in 127.0.0.1:${blockStart}–${blockStart + BLOCK_SIZE - 1}`);
}

/** A port of this worker's block nothing listens on, for a child process to listen on. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await listenOnTestPort(probe);
  probe.close();
  await once(probe, 'close');
  return port;
}
