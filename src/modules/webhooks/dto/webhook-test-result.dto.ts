import { ApiSchema } from '@nestjs/swagger';
import { ApiFlag, ApiNullable } from '../../../common/api-docs/api-fields.js';

/** The answer of POST /webhooks/:id/test, unwrapped. */
@ApiSchema({ name: 'WebhookTestResult' })
export class WebhookTestResultDto {
  @ApiFlag('The endpoint answered 2xx in time.')
  ok: boolean;

  @ApiNullable('integer', 'HTTP status returned; null when unreachable.')
  status: number | null;

  @ApiNullable('string', 'Why the test failed; null on success.')
  error: string | null;
}
