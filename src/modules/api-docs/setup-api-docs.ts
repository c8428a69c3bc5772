import type { INestApplication } from '@nestjs/common';
import { SwaggerModule } from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { createOpenApiDocument } from './openapi-document.js';
import { OpenApiDocumentHolder } from './openapi-document.holder.js';

export const DOCS_PATH = 'docs';

/**
 * One document, generated on first request (not at every start), for GET /api/v1/openapi.json and
 * for Swagger UI at GET /docs, whose assets come from the swagger-ui-dist package on this server.
 */
export function setupApiDocs(app: INestApplication): void {
  const holder = app.get(OpenApiDocumentHolder);
  const { publicUrls } = app.get<AppConfig>(APP_CONFIG);
  holder.provide(() => createOpenApiDocument(app, publicUrls.baseUrl));
  SwaggerModule.setup(DOCS_PATH, app, () => holder.get(), {
    raw: false,
    customSiteTitle: 'Reddit keyword alerts API',
    // The default validator badge would call a remote service.
    swaggerOptions: { validatorUrl: null, persistAuthorization: false },
  });
}
