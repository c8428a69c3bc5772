import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { Registry } from 'prom-client';
import { applyHttpEdge } from './common/http/http-edge.js';
import { serializeError } from './common/logging/error-serializer.js';
import { redactParameters, redactUrl } from './common/logging/redact-url.js';
import { ROOT_LOGGER } from './core.module.js';
import { httpRequestMetrics } from './modules/metrics/http-request.metrics.js';
import { setupApiDocs } from './modules/api-docs/setup-api-docs.js';

function requestId(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && /^[\w.-]{1,128}$/.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/** Everything main.ts and the e2e tests share: body parsing, logging, validation, errors. */
export function setupApp(app: INestApplication): INestApplication {
  const logger = app.get<Logger>(ROOT_LOGGER);
  const expressApp = app as NestExpressApplication;
  expressApp.disable('x-powered-by');
  expressApp.use(
    pinoHttp({
      logger,
      genReqId: requestId,
      autoLogging: { ignore: (req) => req.url === '/health' },
      serializers: {
        err: serializeError,
        req: (req: { url?: string; query?: unknown; params?: unknown }) => {
          if (req.url !== undefined) req.url = redactUrl(req.url);
          req.query = redactParameters(req.query);
          req.params = redactParameters(req.params);
          return req;
        },
      },
    }),
  );
  expressApp.use(httpRequestMetrics(app.get(Registry)));
  applyHttpEdge(app, logger);
  setupApiDocs(app);
  app.enableShutdownHooks();
  return app;
}
