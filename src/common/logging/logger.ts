import type { LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';
import type { LogLevel } from '../../config/app-config.js';

/** Structured JSON logs on stderr, so stdout stays free for the admin command's output. */
export function createRootLogger(level: LogLevel): Logger {
  return pino(
    {
      level,
      base: { service: 'alerts' },
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    pino.destination({ fd: 2, sync: false }),
  );
}

/** Nest's own messages routed through pino. */
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
