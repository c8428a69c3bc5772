import { ApiSchema } from '@nestjs/swagger';
import { ApiField, ApiOptionalField } from '../../../common/api-docs/api-fields.js';
import {
  DEFAULT_WEBHOOK_FORMAT,
  type WebhookFormat,
} from '../../delivery/formats/webhook-format.js';
import {
  IsWebhookActive,
  IsWebhookFormat,
  IsWebhookName,
  IsWebhookUrl,
  WEBHOOK_NAME_MAX_LENGTH,
  type WebhookChange,
  type WebhookDraft,
} from '../webhook-rules.js';
import { WEBHOOK_FORMAT } from './webhook-format-field.js';

@ApiSchema({ name: 'CreateWebhook' })
export class CreateWebhookDto implements WebhookDraft {
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
}

@ApiSchema({ name: 'UpdateWebhook' })
export class UpdateWebhookDto implements WebhookChange {
  @ApiOptionalField({ type: 'string', maxLength: WEBHOOK_NAME_MAX_LENGTH })
  @IsWebhookName()
  name?: string;

  @ApiOptionalField({ type: 'boolean', description: 'Pause (false) or resume (true).' })
  @IsWebhookActive()
  active?: boolean;

  @ApiOptionalField(WEBHOOK_FORMAT)
  @IsWebhookFormat()
  format?: WebhookFormat;
}
