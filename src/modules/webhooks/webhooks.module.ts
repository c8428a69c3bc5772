import { Module } from '@nestjs/common';
import { WebhooksController } from './http/webhooks.controller.js';
import { PrivateTargetsWarning } from './private-targets-warning.js';
import { WebhooksService } from './webhooks.service.js';

@Module({
  controllers: [WebhooksController],
  providers: [WebhooksService, PrivateTargetsWarning],
  exports: [WebhooksService],
})
export class WebhooksModule {}
