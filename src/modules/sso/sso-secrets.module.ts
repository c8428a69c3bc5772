import { Module } from '@nestjs/common';
import { WebhookSecretsModule } from '../webhooks/secrets/webhook-secrets.module.js';
import { SsoClientSecret } from './sso-client-secret.js';
import { SsoSealedSecrets } from './sso-sealed-secrets.js';
import { SsoSettingsStore } from './sso-settings.store.js';

/**
 * The client secrets at rest: sealed by the webhook secrets' cipher and rotated with them. The
 * admin command's `rotate-secret-key` loads it beside WebhookSecretsModule.
 */
@Module({
  imports: [WebhookSecretsModule],
  providers: [SsoSettingsStore, SsoClientSecret, SsoSealedSecrets],
  exports: [SsoSettingsStore, SsoClientSecret],
})
export class SsoSecretsModule {}
