import { Module } from '@nestjs/common';
import { WebhookSecretsModule } from '../secrets/webhook-secrets.module.js';
import { WebhookTargetsStore } from './webhook-targets.store.js';

@Module({
  imports: [WebhookSecretsModule],
  providers: [WebhookTargetsStore],
  exports: [WebhookTargetsStore],
})
export class WebhookTargetsModule {}
