import { ApiSchema } from '@nestjs/swagger';
import { ApiField, ApiOptionalField } from '../../../common/api-docs/api-fields.js';
import {
  DEFAULT_WEBHOOK_FORMAT,
  type WebhookFormat,
} from '../../delivery/formats/webhook-format.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../../delivery/retry-policy.js';
import {
  IsWebhookActive,
  IsWebhookFormat,
  IsWebhookName,
  IsWebhookRetryPolicy,
  IsWebhookUrl,
  WEBHOOK_NAME_MAX_LENGTH,
  type WebhookChange,
  type WebhookDraft,
} from '../webhook-rules.js';
import { WEBHOOK_FORMAT, WEBHOOK_RETRY_POLICY } from './webhook-field-schemas.js';

@ApiSchema({ name: 'CreateWebhook' })
export class CreateWebhookDto {
  @ApiField({
    type: 'string',
    maxLength: 2048,
    description:
      'Absolute https URL on a public host. WEBHOOK_ALLOW_PRIVATE=true on the server (development only) also allows http:// and private or loopback hosts.',
  })
  @IsWebhookUrl()
  url: string;

  @ApiOptionalField({ type: 'string', maxLength: WEBHOOK_NAME_MAX_LENGTH })
  @IsWebhookName()
  name?: string;

  @ApiOptionalField({ ...WEBHOOK_FORMAT, default: DEFAULT_WEBHOOK_FORMAT })
  @IsWebhookFormat()
  format?: WebhookFormat;

  @ApiOptionalField({ ...WEBHOOK_RETRY_POLICY, default: DEFAULT_RETRY_POLICY })
  @IsWebhookRetryPolicy()
  retry_policy?: RetryPolicy;
}

@ApiSchema({ name: 'UpdateWebhook' })
export class UpdateWebhookDto {
  @ApiOptionalField({ type: 'string', maxLength: WEBHOOK_NAME_MAX_LENGTH })
  @IsWebhookName()
  name?: string;

  @ApiOptionalField({ type: 'boolean', description: 'Pause (false) or resume (true).' })
  @IsWebhookActive()
  active?: boolean;

  @ApiOptionalField(WEBHOOK_FORMAT)
  @IsWebhookFormat()
  format?: WebhookFormat;

  @ApiOptionalField(WEBHOOK_RETRY_POLICY)
  @IsWebhookRetryPolicy()
  retry_policy?: RetryPolicy;
}

export function webhookDraftOf(dto: CreateWebhookDto): WebhookDraft {
  return { url: dto.url, name: dto.name, format: dto.format, retryPolicy: dto.retry_policy };
}

export function webhookChangeOf(dto: UpdateWebhookDto): WebhookChange {
  return {
    name: dto.name,
    active: dto.active,
    format: dto.format,
    retryPolicy: dto.retry_policy,
  };
}
