import { Module } from '@nestjs/common';
import { OpenApiDocumentHolder } from './openapi-document.holder.js';
import { OpenApiController } from './openapi.controller.js';

/** GET /api/v1/openapi.json; the /docs page is mounted by setupApiDocs. */
@Module({
  controllers: [OpenApiController],
  providers: [OpenApiDocumentHolder],
})
export class ApiDocsModule {}
