import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { UsersModule } from '../users/users.module.js';
import { WebhookSecretsModule } from '../webhooks/secrets/webhook-secrets.module.js';
import { SsoCallbackController } from './sso-callback.controller.js';
import { SsoClientSecret } from './sso-client-secret.js';
import { SsoLoginStore } from './sso-login.store.js';
import { SsoPasswordGate } from './sso-password-gate.js';
import { SsoSettingsService } from './sso-settings.service.js';
import { SsoSettingsStore } from './sso-settings.store.js';
import { SsoSignIn } from './sso-sign-in.service.js';

/**
 * Single sign-on with OpenID Connect per account (docs/teams.md): the settings, the sign-in and
 * its callback at /dashboard/sso/callback, and "SSO required" on password sign-in. The API's
 * root only, through SsoGraphqlModule.
 */
@Module({
  imports: [AccountsModule, UsersModule, WebhookSecretsModule],
  controllers: [SsoCallbackController],
  providers: [
    SsoSettingsStore,
    SsoLoginStore,
    SsoClientSecret,
    SsoSettingsService,
    SsoSignIn,
    SsoPasswordGate,
  ],
  exports: [SsoSettingsService, SsoSignIn],
})
export class SsoModule {}
