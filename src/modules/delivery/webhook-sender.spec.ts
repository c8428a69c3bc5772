import { createHmac, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';

import { verify } from '@octokit/webhooks-methods';

import { listenOnTestPort } from '../../../test/utils/ports.js';
import type * as FakeDnsModule from '../../common/network/testing/fake-dns.js';
import { RESPONSE_BODY_BUDGET_MS, WebhookSender } from './webhook-sender.js';
import type { WebhookRequest } from './webhook-sender.js';

// Lets a public-looking name (rebind.example.com) resolve to 127.0.0.1 without a network.
jest.mock('node:dns', () =>
  jest
    .requireActual<typeof FakeDnsModule>('../../common/network/testing/fake-dns.js')
    .fakeDns(jest.requireActual('node:dns')),
);

interface ReceivedRequest {
  method: string | undefined;
  path: string | undefined;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

interface Receiver {
  port: number;
  url: string;
  requests: ReceivedRequest[];
  connections: () => number;
}

const receivers: http.Server[] = [];
const senders: WebhookSender[] = [];

async function startReceiver(
  respond: (response: ServerResponse) => void = (response) => response.writeHead(204).end(),
): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  let connections = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { method, url: path, headers } = request;
      requests.push({ method, path, headers, body: Buffer.concat(chunks) });
      respond(response);
    });
  });
  server.on('connection', () => (connections += 1));
  receivers.push(server);
  const port = await listenOnTestPort(server);
  return { port, url: `http://127.0.0.1:${port}/hook`, requests, connections: () => connections };
}

function createSender(options: { timeoutMs?: number; allowPrivate?: boolean } = {}): WebhookSender {
  const sender = new WebhookSender({ timeoutMs: 2000, allowPrivate: true, ...options });
  senders.push(sender);
  return sender;
}

function delivery(url: string, body = '{"event":"post"}'): WebhookRequest {
  return { url, body, headers: { 'Content-Type': 'application/json' } };
}

afterEach(async () => {
  await Promise.all(senders.splice(0).map((sender) => sender.close()));
  for (const server of receivers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

describe('WebhookSender', () => {
  it('posts the exact signed bytes and headers, and reports a 2xx as ok', async () => {
    const receiver = await startReceiver((response) => response.writeHead(202).end());
    const secret = randomBytes(32).toString('hex');
    const body = '{"event":"post","title":"Café ☕ deals","keyword":"coffee","score":12}';
    const signature = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
    const headers = {
      'Content-Type': 'application/json',
      'User-Agent': 'Service-Webhook/1.0',
      'X-Webhook-ID': 'wh_1',
      'X-Webhook-Event': 'post',
      'X-Webhook-Delivery': 'dlv_1',
      'X-Webhook-Signature': signature,
    };

    const result = await createSender().send({ url: receiver.url, body, headers });

    expect(result).toEqual({
      ok: true,
      status: 202,
      error: null,
      durationMs: expect.any(Number),
      heldMs: expect.any(Number),
      bodyAbandoned: false,
      refused: false,
      retryAfterMs: null,
    });
    const [received] = receiver.requests;
    expect(received.method).toBe('POST');
    expect(received.path).toBe('/hook');
    expect(received.body.equals(Buffer.from(body, 'utf8'))).toBe(true);
    expect(received.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Service-Webhook/1.0',
      'x-webhook-id': 'wh_1',
      'x-webhook-event': 'post',
      'x-webhook-delivery': 'dlv_1',
      'x-webhook-signature': signature,
    });
    await expect(
      verify(
        secret,
        received.body.toString('utf8'),
        String(received.headers['x-webhook-signature']),
      ),
    ).resolves.toBe(true);
  });

  it('reports a non-2xx answer with its status and reason phrase', async () => {
    const receiver = await startReceiver((response) => response.writeHead(500).end('boom'));

    const result = await createSender().send(delivery(receiver.url));

    expect(result).toMatchObject({
      ok: false,
      status: 500,
      error: 'HTTP 500 Internal Server Error',
    });
  });

  it("reads a 429's or 503's Retry-After, in seconds or as an HTTP date", async () => {
    const inTwoMinutes = new Date(Date.now() + 120_000).toUTCString();
    const answers = [
      { status: 429, retryAfter: '7' },
      { status: 503, retryAfter: inTwoMinutes },
      { status: 503, retryAfter: 'whenever' },
    ];
    let next = 0;
    const receiver = await startReceiver((response) => {
      const { status, retryAfter } = answers[next++];
      response.writeHead(status, { 'Retry-After': retryAfter }).end();
    });
    const sender = createSender();

    expect(await sender.send(delivery(receiver.url))).toMatchObject({
      status: 429,
      retryAfterMs: 7_000,
    });
    const dated = await sender.send(delivery(receiver.url));
    expect(dated.retryAfterMs).toBeGreaterThan(117_000);
    expect(dated.retryAfterMs).toBeLessThanOrEqual(120_000);
    expect(await sender.send(delivery(receiver.url))).toMatchObject({
      status: 503,
      retryAfterMs: null,
    });
  });

  it('does not follow redirects', async () => {
    const target = await startReceiver();
    const receiver = await startReceiver((response) =>
      response.writeHead(302, { Location: target.url }).end(),
    );

    const result = await createSender().send(delivery(receiver.url));

    expect(result).toMatchObject({
      ok: false,
      status: 302,
      error: 'HTTP 302 Found (redirects are not followed)',
    });
    expect(target.connections()).toBe(0);
  });

  it('gives up at the deadline when the receiver does not answer', async () => {
    const receiver = await startReceiver(() => undefined);

    const result = await createSender({ timeoutMs: 300 }).send(delivery(receiver.url));

    expect(result).toMatchObject({ ok: false, status: null, error: 'timeout after 0.3 s' });
    expect(result.durationMs).toBeGreaterThanOrEqual(290);
    expect(result.durationMs).toBeLessThan(1000);
  });

  it('stops reading an endless response body after its first kilobytes', async () => {
    let responseClosed: Promise<unknown> = Promise.resolve();
    const receiver = await startReceiver((response) => {
      responseClosed = once(response, 'close');
      response.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const pump = (): void => {
        while (!response.destroyed && response.write(chunk));
      };
      response.on('drain', pump);
      pump();
    });

    const startedAt = Date.now();
    const result = await createSender({ timeoutMs: 5000 }).send(delivery(receiver.url));

    expect(result).toMatchObject({ ok: true, status: 200, error: null });
    expect(Date.now() - startedAt).toBeLessThan(1000);
    await responseClosed;
  });

  it('gives up a trickling response body soon after the status, and says so', async () => {
    let responseClosed: Promise<unknown> = Promise.resolve();
    const receiver = await startReceiver((response) => {
      responseClosed = once(response, 'close');
      response.writeHead(200, { 'Content-Type': 'text/plain' });
      const trickle = setInterval(() => response.write('.'), 50);
      response.on('close', () => clearInterval(trickle));
    });

    const result = await createSender({ timeoutMs: 5000 }).send(delivery(receiver.url));

    expect(result).toMatchObject({ ok: true, status: 200, error: null, bodyAbandoned: true });
    expect(result.heldMs).toBeGreaterThanOrEqual(RESPONSE_BODY_BUDGET_MS);
    expect(result.heldMs).toBeLessThan(RESPONSE_BODY_BUDGET_MS + 1000);
    expect(result.durationMs).toBeLessThan(result.heldMs);
    await responseClosed;
  });

  it('keeps connections alive between deliveries to one receiver', async () => {
    const receiver = await startReceiver((response) => response.writeHead(200).end('ok'));
    const sender = createSender();

    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(await sender.send(delivery(receiver.url))).toMatchObject({ ok: true });
    }

    expect(receiver.requests).toHaveLength(5);
    expect(receiver.connections()).toBeLessThan(5);
  });

  it('reports a closed port as connection refused', async () => {
    const closed = await startReceiver();
    receivers.pop()?.close();

    const result = await createSender().send(delivery(closed.url));

    expect(result).toMatchObject({ ok: false, status: null, error: 'connection refused' });
  });

  it('reports a connection dropped before any answer as connection reset', async () => {
    const receiver = await startReceiver((response) => response.socket?.destroy());

    const result = await createSender().send(delivery(receiver.url));

    expect(result).toMatchObject({ ok: false, status: null, error: 'connection reset' });
  });

  it('reports a failed TLS handshake', async () => {
    const receiver = await startReceiver();

    const result = await createSender().send(delivery(`https://127.0.0.1:${receiver.port}/hook`));

    expect(result).toMatchObject({ ok: false, status: null });
    expect(result.error).toMatch(/^TLS error: /);
    expect(receiver.requests).toHaveLength(0);
  });

  describe('with private targets blocked', () => {
    it('refuses a name that resolves to a private address, without connecting', async () => {
      const receiver = await startReceiver();
      const sender = createSender({ allowPrivate: false });

      const result = await sender.send(
        delivery(`https://rebind.example.com:${receiver.port}/hook`),
      );

      expect(result).toMatchObject({
        ok: false,
        status: null,
        error: 'blocked: private address',
        refused: true,
      });
      expect(receiver.connections()).toBe(0);
    });

    it('refuses a private address literal, without connecting', async () => {
      const receiver = await startReceiver();
      const sender = createSender({ allowPrivate: false });

      const result = await sender.send(delivery(`https://127.0.0.1:${receiver.port}/hook`));

      expect(result).toMatchObject({
        ok: false,
        status: null,
        error: 'url must point at a public address, not 127.0.0.1 (loopback)',
        refused: true,
      });
      expect(receiver.connections()).toBe(0);
    });

    it('refuses http', async () => {
      const result = await createSender({ allowPrivate: false }).send(
        delivery('http://hooks.example.com/hook'),
      );

      expect(result).toMatchObject({ ok: false, status: null, error: 'url must use https' });
    });

    it('reports a name that does not resolve as a DNS failure', async () => {
      const result = await createSender({ allowPrivate: false }).send(
        delivery('https://missing.example.com/hook'),
      );

      // A name that may resolve later is not refused: retries may still reach it.
      expect(result).toMatchObject({
        ok: false,
        status: null,
        error: 'DNS lookup failed',
        refused: false,
      });
    });
  });
});
