import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import http, { type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { verify } from '@octokit/webhooks-methods';

import { listenOnTestPort } from './ports.js';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw bytes as they arrived. */
  body: Buffer;
}

/** How the receiver answers a request; `response` must be ended (or left hanging on purpose). */
export type Responder = (request: ReceivedRequest, response: ServerResponse) => void;

export const answerWith =
  (status: number, headers: Record<string, string> = {}): Responder =>
  (_request, response) =>
    response.writeHead(status, headers).end();

/** A real HTTP server on 127.0.0.1 that records every request, as an integrator's endpoint would. */
export interface WebhookReceiver {
  url: string;
  requests: ReceivedRequest[];
  /** TCP connections accepted so far. */
  connections(): number;
  /** Most requests that were waiting for their answer at the same time. */
  maxConcurrent(): number;
  /** Resolves once `count` requests have arrived. */
  received(count: number): Promise<ReceivedRequest[]>;
  /** Keeps every answer back until release(); then answers them (and later ones) as usual. */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(
  respond: Responder = answerWith(200),
): Promise<WebhookReceiver> {
  const requests: ReceivedRequest[] = [];
  const held: Array<() => void> = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  let holding = false;
  let connections = 0;
  let concurrent = 0;
  let maxConcurrent = 0;

  const server = http.createServer((request, response) => {
    concurrent += 1;
    maxConcurrent = Math.max(maxConcurrent, concurrent);
    // 'finish' comes before the sender can see the answer, so a follow-up never overlaps it.
    let answered = false;
    const settle = () => {
      if (!answered) concurrent -= 1;
      answered = true;
    };
    response.on('finish', settle);
    response.on('close', settle);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const received: ReceivedRequest = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(received);
      for (const waiter of waiters.filter((w) => requests.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      const answer = () => respond(received, response);
      if (holding) held.push(answer);
      else answer();
    });
  });
  server.on('connection', () => (connections += 1));
  const port = await listenOnTestPort(server);

  return {
    url: `http://127.0.0.1:${port}/hooks/alerts`,
    requests,
    connections: () => connections,
    maxConcurrent: () => maxConcurrent,
    async received(count) {
      if (requests.length < count) {
        await new Promise<void>((resolve) => waiters.push({ count, resolve }));
      }
      return requests.slice(0, count);
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const answer of held.splice(0)) answer();
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** Checks X-Webhook-Signature as a receiver would: over the raw body, with an independent library. */
export function hasValidSignature(request: ReceivedRequest, secret: string): Promise<boolean> {
  const signature = request.headers['x-webhook-signature'];
  if (typeof signature !== 'string') return Promise.resolve(false);
  return verify(secret, request.body.toString('utf8'), signature);
}

/** The Standard Webhooks signature `secret` (64 hex) gives the request: one of webhook-signature's. */
export function standardSignature(request: ReceivedRequest, secret: string): string {
  const signed = `${String(request.headers['webhook-id'])}.${String(request.headers['webhook-timestamp'])}.${request.body.toString('utf8')}`;
  return `v1,${createHmac('sha256', Buffer.from(secret, 'hex')).update(signed).digest('base64')}`;
}

/** The receivers one test starts, so they can all be closed after it. */
export class ReceiverPool {
  private readonly open = new Set<WebhookReceiver>();

  async start(respond?: Responder): Promise<WebhookReceiver> {
    const receiver = await startWebhookReceiver(respond);
    this.open.add(receiver);
    return receiver;
  }

  /** Closes one receiver now (an endpoint that has gone away). */
  async close(receiver: WebhookReceiver): Promise<void> {
    this.open.delete(receiver);
    await receiver.close();
  }

  async closeAll(): Promise<void> {
    const receivers = [...this.open];
    this.open.clear();
    await Promise.all(receivers.map((receiver) => receiver.close()));
  }
}
