import { ValidationPipe, type INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Logger } from 'pino';
import { AppError } from '../errors/app-error.js';
import { HttpExceptionFilter } from '../errors/http-exception.filter.js';
import { JsonBodyRequiredPipe } from '../validation/json-body-required.pipe.js';
import { answerClientErrorsAsJson } from './client-error-answer.js';
import { jsonBody } from './json-body.js';
import { refuseNulInUrl } from './nul-in-url.js';

/**
 * What every request meets before and after its handler: body parsing, validation, and the one
 * error shape. The app installs it through setupApp; controller specs install it alone.
 */
export function applyHttpEdge(app: INestApplication, logger: Logger): void {
  const expressApp = app as NestExpressApplication;
  expressApp.use(refuseNulInUrl, ...jsonBody());
  answerClientErrorsAsJson(expressApp.getHttpServer(), logger);
  app.useGlobalPipes(
    new JsonBodyRequiredPipe(),
    new ValidationPipe({
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      exceptionFactory: (errors) =>
        AppError.invalidBody(
          errors
            .flatMap((e) =>
              Object.values(e.constraints ?? { [e.property]: `${e.property} is invalid` }),
            )
            .join('; '),
        ),
    }),
  );
  app.useGlobalFilters(new HttpExceptionFilter(logger));
}
