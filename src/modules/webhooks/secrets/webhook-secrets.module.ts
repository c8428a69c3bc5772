import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { WebhookSecretCipher } from './webhook-secret-cipher.js';
import { WebhookSecretSealer } from './webhook-secret-sealer.service.js';

/** Signing secrets at rest: sealed with WEBHOOK_SECRET_KEY when it is set. */
@Module({
  providers: [
    {
      provide: WebhookSecretCipher,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new WebhookSecretCipher(config.webhooks.secretKey),
    },
    WebhookSecretSealer,
  ],
  exports: [WebhookSecretCipher],
})
export class WebhookSecretsModule {}
