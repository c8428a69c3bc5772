import { Module } from '@nestjs/common';
import { AccountsModule } from '../../accounts/accounts.module.js';
import { KeywordsModule } from '../../keywords/keywords.module.js';
import { UsageModule } from '../../usage/usage.module.js';
import { WebhooksModule } from '../../webhooks/webhooks.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { OpsAccountActions } from './ops-account-actions.service.js';
import { OpsAccountsService } from './ops-accounts.service.js';

/** The Accounts page's server side: what operators read of accounts and the actions they take. */
@Module({
  imports: [AccountsModule, KeywordsModule, UsageModule, WebhooksModule, AuditModule],
  providers: [OpsAccountsService, OpsAccountActions],
  exports: [OpsAccountsService, OpsAccountActions],
})
export class OpsAccountsModule {}
