import { Module } from '@nestjs/common';
import { WebhooksController } from './http/webhooks.controller.js';
import { WebhookSecretsModule } from './secrets/webhook-secrets.module.js';
import { WebhooksService } from './webhooks.service.js';

@Module({
  imports: [WebhookSecretsModule],
  controllers: [WebhooksController],
  providers: [WebhooksService],
  exports: [WebhooksService],
})
export class WebhooksModule {}
