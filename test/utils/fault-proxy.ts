import { once } from 'node:events';
import net, { type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

import { listenOnTestPort } from './ports.js';

/**
 * How a dependency goes away: `refused`, as a stopped server (its port refuses connections), or
 * `blackholed`, as a host gone silent (connections open, and nothing ever answers on them).
 */
export type OutageKind = 'refused' | 'blackholed';

/**
 * A TCP proxy on 127.0.0.1 between the app and a dependency (PostgreSQL, Redis), so a test takes
 * the dependency away from the app without touching the server itself. cut() ends every open
 * connection and makes new ones meet the outage; restore() lets them through again, and ends the
 * connections held silent meanwhile, as a network coming back resets what it dropped.
 */
export class FaultProxy {
  private readonly open = new Set<Socket>();
  private readonly silent = new Set<Socket>();
  private outage: OutageKind | null = null;
  private startupDelayMs = 0;

  private constructor(
    private server: net.Server,
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  /**
   * A proxy, on a test port of 127.0.0.1 (which no one else takes while a `refused` cut has it
   * closed), to the server of `url` (`defaultPort` when it names none).
   */
  static async start(url: string, defaultPort: number): Promise<FaultProxy> {
    const { hostname, port } = new URL(url);
    const server = net.createServer();
    const proxy = new FaultProxy(server, await listenOnTestPort(server), {
      host: hostname,
      port: port === '' ? defaultPort : Number(port),
    });
    proxy.serve(server);
    return proxy;
  }

  /** `url` (postgres://…, redis://…) with its host and port pointed at this proxy. */
  viaProxy(url: string): string {
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(this.port);
    return proxied.toString();
  }

  cut(kind: OutageKind): void {
    this.outage = kind;
    for (const socket of this.open) socket.destroy();
    this.open.clear();
    // The port closes at once; the server's 'close' waits for the connections just ended.
    if (kind === 'refused') this.server.close();
  }

  async restore(): Promise<void> {
    const wasRefused = this.outage === 'refused';
    this.outage = null;
    for (const socket of this.silent) socket.destroy();
    this.silent.clear();
    if (!wasRefused) return;
    this.server = net.createServer();
    this.serve(this.server);
    this.server.listen(this.port, '127.0.0.1');
    await once(this.server, 'listening');
  }

  /**
   * A server that is slow to take new connections, as one short of CPU: what it sends on a
   * connection opened from now on reaches the app only `ms` after the connection opened, while
   * the connections already open answer as before. 0 ends it.
   */
  delayNewConnections(ms: number): void {
    this.startupDelayMs = ms;
  }

  async close(): Promise<void> {
    for (const socket of [...this.open, ...this.silent]) socket.destroy();
    if (!this.server.listening) return;
    const closed = once(this.server, 'close');
    this.server.close();
    await closed;
  }

  private serve(server: net.Server): void {
    server.on('connection', (client) => {
      client.on('error', () => undefined);
      if (this.outage === 'blackholed') {
        client.pause();
        this.silent.add(client);
        client.on('close', () => this.silent.delete(client));
        return;
      }
      const upstream = net.connect(this.target.port, this.target.host);
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.pipe(upstream);
      if (this.startupDelayMs === 0) upstream.pipe(client);
      else {
        const held = sleep(this.startupDelayMs);
        upstream.on('data', (chunk: Buffer) => void held.then(() => client.write(chunk)));
      }
      this.open.add(client);
      this.open.add(upstream);
      client.on('close', () => this.open.delete(client));
      upstream.on('close', () => this.open.delete(upstream));
    });
  }
}
