import { AccountAuditModule } from '../account-audit/account-audit.module.js';
import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { InvitationsModule } from '../invitations/invitations.module.js';
import { UsersModule } from '../users/users.module.js';
import { SsoCallbackController } from './sso-callback.controller.js';
import { SsoLoginStore } from './sso-login.store.js';
import { SsoPasswordGate } from './sso-password-gate.js';
import { SsoSecretsModule } from './sso-secrets.module.js';
import { SsoSettingsService } from './sso-settings.service.js';
import { SsoSignIn } from './sso-sign-in.service.js';

/**
 * Single sign-on with OpenID Connect per account (docs/teams.md): the settings, the sign-in and
 * its callback at /dashboard/sso/callback, and "SSO required" on password sign-in. The API's
 * root only, through SsoGraphqlModule.
 */
@Module({
  imports: [AccountsModule, UsersModule, SsoSecretsModule, InvitationsModule, AccountAuditModule],
  controllers: [SsoCallbackController],
  providers: [SsoLoginStore, SsoSettingsService, SsoSignIn, SsoPasswordGate],
  exports: [SsoSettingsService, SsoSignIn],
})
export class SsoModule {}
