import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

export type ReceiverKind = 'fast' | 'slow' | 'failing' | 'busy' | 'trickling';

/** What a busy receiver asks for: come back in a second, the least a Retry-After can say. */
export const BUSY_RETRY_AFTER_MS = 1000;

export interface ReceiverSetup {
  kinds: ReceiverKind[];
  slowMs: number;
}

type ReceiverMessage =
  | { type: 'ready'; urls: string[] }
  | { type: 'progress'; counts: number[]; requests: number[] }
  | { type: 'report'; arrivals: Array<Array<[string, number]>>; retryGaps: number[] };

/**
 * Loopback endpoints on their own thread (their own event loop, like a real peer), noting when
 * each delivery arrived: fast ones answer 200 at once, failing ones 500, busy ones 503 with
 * Retry-After: 1, slow ones after slowMs, trickling ones 200 at once and then a byte of body
 * every 100 ms until the sender hangs up.
 */
export class Receivers {
  private counts: number[] = [];
  private requests: number[] = [];

  private constructor(
    private readonly worker: Worker,
    readonly kinds: ReceiverKind[],
    readonly urls: string[],
  ) {
    worker.on('message', (message: ReceiverMessage) => {
      if (message.type === 'progress') {
        this.counts = message.counts;
        this.requests = message.requests;
      }
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

  /** Requests (attempts, retries included) the receivers of `kind` answered. */
  requestsTo(kind: ReceiverKind): number {
    return this.kinds.reduce((sum, k, i) => sum + (k === kind ? (this.requests[i] ?? 0) : 0), 0);
  }

  /** Delivery id → arrival time (epoch ms) of its latest attempt, per receiver. */
  async arrivals(): Promise<Array<Map<string, number>>> {
    return (await this.report()).arrivals.map((entries) => new Map(entries));
  }

  /** At busy receivers: the time between two attempts of one delivery, each time it came back. */
  async retryGaps(): Promise<number[]> {
    return (await this.report()).retryGaps;
  }

  private async report(): Promise<Extract<ReceiverMessage, { type: 'report' }>> {
    this.worker.postMessage('report');
    for (;;) {
      const [message] = (await once(this.worker, 'message')) as [ReceiverMessage];
      if (message.type === 'report') return message;
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
  const requests = kinds.map(() => 0);
  const retryGaps: number[] = [];
  const urls = await Promise.all(
    kinds.map(async (kind, index) => {
      const server = http.createServer((request, response) => {
        const deliveryId = String(request.headers['x-webhook-delivery']);
        const now = Date.now();
        const previous = arrivals[index].get(deliveryId);
        if (kind === 'busy' && previous !== undefined) retryGaps.push(now - previous);
        arrivals[index].set(deliveryId, now);
        requests[index] += 1;
        request.resume();
        request.on('end', () => {
          if (kind === 'fast') response.writeHead(200).end();
          else if (kind === 'failing') response.writeHead(500).end();
          else if (kind === 'busy') {
            response.writeHead(503, { 'Retry-After': String(BUSY_RETRY_AFTER_MS / 1000) }).end();
          } else if (kind === 'trickling') trickle(response);
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
    port.postMessage({
      type: 'progress',
      counts: arrivals.map((a) => a.size),
      requests: [...requests],
    } satisfies ReceiverMessage);
  }, 20).unref();
  port.on('message', () => {
    port.postMessage({
      type: 'report',
      arrivals: arrivals.map((a) => [...a]),
      retryGaps,
    } satisfies ReceiverMessage);
  });
}

// Started by Receivers.start as this module's worker thread.
if (!isMainThread) void serveReceivers(workerData as ReceiverSetup);
