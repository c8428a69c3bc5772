import {
  IsWebhookActive,
  IsWebhookName,
  IsWebhookUrl,
  type WebhookChange,
  type WebhookDraft,
} from '../webhook-rules.js';

export class CreateWebhookDto implements WebhookDraft {
  @IsWebhookUrl()
  url: string;

  @IsWebhookName()
  name?: string;
}

export class UpdateWebhookDto implements WebhookChange {
  @IsWebhookName()
  name?: string;

  @IsWebhookActive()
  active?: boolean;
}
