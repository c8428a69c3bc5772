import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { newId } from '../ids.js';
import { redactUrl } from '../logging/redact-url.js';
import { errorBody } from './error-body.js';
import { httpStatusOf } from './error-code.js';
import { toAppError } from './to-app-error.js';

/** Every REST failure becomes `{ error, code }`; nothing else leaks. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const response = host.switchToHttp().getResponse<Response>();
    const request = host.switchToHttp().getRequest<Request>();
    const appError = toAppError(exception);
    if (response.headersSent) return;
    if (appError) {
      for (const [name, value] of Object.entries(appError.headers)) response.setHeader(name, value);
      response.status(httpStatusOf(appError.code)).json(errorBody(appError.code, appError.message));
      return;
    }
    const errorId = newId();
    this.logger.error(
      { err: exception, errorId, method: request.method, url: redactUrl(request.originalUrl) },
      'unexpected failure',
    );
    response.status(500).json(errorBody('internal_error', `Internal error (reference ${errorId})`));
  }
}
