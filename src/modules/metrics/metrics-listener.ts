import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { Registry } from 'prom-client';
import { AppError } from '../../common/errors/app-error.js';
import { errorBody } from '../../common/errors/error-body.js';
import { newId } from '../../common/ids.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { ROOT_LOGGER } from '../../core.module.js';

/** Only the host itself can reach it: no token is asked for. */
export const METRICS_LISTENER_HOST = '127.0.0.1';
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * METRICS_PORT: a second HTTP listener, on 127.0.0.1 only, that answers `GET /metrics` without a
 * token and every other request 404, for a Prometheus (or agent) on the same host. Started once
 * the application is up, in every role, and closed with it.
 */
@Injectable()
export class MetricsListener implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger: Logger;
  private server: Server | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registry: Registry,
    @Inject(ROOT_LOGGER) rootLogger: Logger,
  ) {
    this.logger = rootLogger.child({ component: 'metrics-listener' });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.metricsPort === null) return;
    const server = createServer((request, response) => void this.answer(request, response));
    server.listen(this.config.metricsPort, METRICS_LISTENER_HOST);
    await once(server, 'listening');
    this.server = server;
    this.logger.info({ host: METRICS_LISTENER_HOST, port: this.port }, 'metrics listening');
  }

  /** The port it listens on (METRICS_PORT, or the one picked for 0); null when there is none. */
  get port(): number | null {
    return (this.server?.address() as AddressInfo | null | undefined)?.port ?? null;
  }

  async onModuleDestroy(): Promise<void> {
    const server = this.server;
    if (server === null) return;
    this.server = null;
    server.close();
    server.closeIdleConnections();
    await once(server, 'close');
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      const { code, message } = AppError.routeNotFound();
      return this.send(response, 404, JSON_TYPE, JSON.stringify(errorBody(code, message)));
    }
    try {
      this.send(response, 200, this.registry.contentType, await this.registry.metrics());
    } catch (error) {
      const errorId = newId();
      this.logger.error({ err: error, errorId }, 'metrics scrape failed');
      const body = errorBody('internal_error', `Internal error (reference ${errorId})`);
      this.send(response, 500, JSON_TYPE, JSON.stringify(body));
    }
  }

  private send(response: ServerResponse, status: number, type: string, body: string): void {
    response.writeHead(status, {
      'Content-Type': type,
      'Content-Length': Buffer.byteLength(body),
    });
    response.end(body);
  }
}
