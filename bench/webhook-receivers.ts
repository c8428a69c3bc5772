import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

export type ReceiverKind = 'fast' | 'slow' | 'failing' | 'trickling';

export interface ReceiverSetup {
  kinds: ReceiverKind[];
  slowMs: number;
}

type ReceiverMessage =
  | { type: 'ready'; urls: string[] }
  | { type: 'progress'; counts: number[] }
  | { type: 'report'; arrivals: Array<Array<[string, number]>> };

/**
 * Loopback endpoints on their own thread (their own event loop, like a real peer), noting when
 * each delivery arrived: fast ones answer 200 at once, failing ones 500, slow ones after slowMs,
 * trickling ones 200 at once and then a byte of body every 100 ms until the sender hangs up.
 */
export class Receivers {
  private counts: number[] = [];

  private constructor(
    private readonly worker: Worker,
    readonly kinds: ReceiverKind[],
    readonly urls: string[],
  ) {
    worker.on('message', (message: ReceiverMessage) => {
      if (message.type === 'progress') this.counts = message.counts;
    });
  }

  static async start(setup: ReceiverSetup): Promise<Receivers> {
    const worker = new Worker(new URL(import.meta.url), { workerData: setup });
    const [ready] = (await once(worker, 'message')) as [ReceiverMessage];
    if (ready.type !== 'ready') throw new Error('receivers did not start');
    return new Receivers(worker, setup.kinds, ready.urls);
  }

  received(kind: ReceiverKind): number {
    return this.kinds.reduce((sum, k, i) => sum + (k === kind ? (this.counts[i] ?? 0) : 0), 0);
  }

  /** Delivery id → arrival time (epoch ms), per receiver. */
  async arrivals(): Promise<Array<Map<string, number>>> {
    this.worker.postMessage('report');
    for (;;) {
      const [message] = (await once(this.worker, 'message')) as [ReceiverMessage];
      if (message.type === 'report') return message.arrivals.map((entries) => new Map(entries));
    }
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

function trickle(response: http.ServerResponse): void {
  response.writeHead(200, { 'Content-Type': 'text/plain' });
  const timer = setInterval(() => response.write('.'), 100);
  response.on('close', () => clearInterval(timer));
}

async function serveReceivers({ kinds, slowMs }: ReceiverSetup): Promise<void> {
  const arrivals = kinds.map(() => new Map<string, number>());
  const urls = await Promise.all(
    kinds.map(async (kind, index) => {
      const server = http.createServer((request, response) => {
        arrivals[index].set(String(request.headers['x-webhook-delivery']), Date.now());
        request.resume();
        request.on('end', () => {
          if (kind === 'fast') response.writeHead(200).end();
          else if (kind === 'failing') response.writeHead(500).end();
          else if (kind === 'trickling') trickle(response);
          else setTimeout(() => response.writeHead(200).end(), slowMs).unref();
        });
      });
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    }),
  );
  const port = parentPort!;
  port.postMessage({ type: 'ready', urls } satisfies ReceiverMessage);
  setInterval(() => {
    port.postMessage({ type: 'progress', counts: arrivals.map((a) => a.size) });
  }, 20).unref();
  port.on('message', () => {
    port.postMessage({
      type: 'report',
      arrivals: arrivals.map((a) => [...a]),
    } satisfies ReceiverMessage);
  });
}

// Started by Receivers.start as this module's worker thread.
if (!isMainThread) void serveReceivers(workerData as ReceiverSetup);
