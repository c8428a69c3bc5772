import { Module } from '@nestjs/common';
import { WebhookSecretsModule } from '../secrets/webhook-secrets.module.js';
import { WebhookDeliveryState } from './webhook-delivery-state.js';

@Module({
  imports: [WebhookSecretsModule],
  providers: [WebhookDeliveryState],
  exports: [WebhookDeliveryState],
})
export class WebhookDeliveryStateModule {}
