import { Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { ROOT_LOGGER } from '../../../core.module.js';
import { SealedSecretHolders } from './sealed-secret-holders.js';
import { SealedSecretsStore } from './sealed-secrets.store.js';
import { WebhookKeyRotation } from './webhook-key-rotation.service.js';
import { openWebhookKeyring, WebhookKeyring } from './webhook-keyring.js';
import { WebhookSecretCipher } from './webhook-secret-cipher.js';

/**
 * Signing secrets at rest: sealed under WEBHOOK_SECRET_KEY, or under the key file's first key
 * (made on first start). The checks and sealing at start are WebhookSecretSealer's, which the
 * server provides; the admin command loads this module for `rotate-secret-key` alone.
 */
@Module({
  providers: [
    {
      provide: WebhookKeyring,
      inject: [APP_CONFIG, ROOT_LOGGER],
      useFactory: (config: AppConfig, logger: Logger) => openWebhookKeyring(config, logger),
    },
    {
      provide: WebhookSecretCipher,
      inject: [WebhookKeyring],
      useFactory: (keyring: WebhookKeyring) => new WebhookSecretCipher(keyring),
    },
    SealedSecretsStore,
    SealedSecretHolders,
    WebhookKeyRotation,
  ],
  exports: [
    WebhookKeyring,
    WebhookSecretCipher,
    SealedSecretsStore,
    SealedSecretHolders,
    WebhookKeyRotation,
  ],
})
export class WebhookSecretsModule {}
