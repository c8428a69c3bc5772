import { Controller, Get, Header } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/auth.decorators.js';
import { ApiRoute } from '../../common/api-docs/api-route.decorator.js';
import { OpenApiDocumentHolder } from './openapi-document.holder.js';

/** Full path: this module is outside the /api/v1 router. Public and not rate-limited: it is the same for everyone. */
@Public()
@ApiTags('Reference')
@Controller('api/v1')
export class OpenApiController {
  constructor(private readonly holder: OpenApiDocumentHolder) {}

  @Get('openapi.json')
  @Header('Cache-Control', 'public, max-age=300')
  @ApiRoute({
    summary: 'This OpenAPI 3.1 document',
    public: true,
    responses: {
      200: { description: 'The document.', schema: { type: 'object', additionalProperties: true } },
    },
  })
  document() {
    return this.holder.get();
  }
}
