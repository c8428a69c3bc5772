import type { LoggerService } from '@nestjs/common';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from '../../config/app-config.js';
import { serializeError } from './error-serializer.js';

/**
 * Structured JSON logs, by default on stderr so stdout stays free for the admin command's output.
 * Errors are logged without the values of a failed query.
 */
export function createRootLogger(
  level: LogLevel,
  destination: DestinationStream = pino.destination({ fd: 2, sync: false }),
): Logger {
  return pino(
    {
      level,
      base: { service: 'alerts' },
      redact: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
      ],
      serializers: { err: serializeError },
    },
    destination,
  );
}

export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }

  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }

  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }

  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }

  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
