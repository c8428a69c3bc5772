import { Module } from '@nestjs/common';
import { AccountsModule } from '../../accounts/accounts.module.js';
import { UsageModule } from '../../usage/usage.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { OpsAccountActions } from './ops-account-actions.service.js';
import { OpsAccountsService } from './ops-accounts.service.js';
import { OpsAccountsStore } from './ops-accounts.store.js';

/** The Accounts page's server side: what operators read of accounts and the actions they take. */
@Module({
  imports: [AccountsModule, UsageModule, AuditModule],
  providers: [OpsAccountsStore, OpsAccountsService, OpsAccountActions],
  exports: [OpsAccountsService, OpsAccountActions],
})
export class OpsAccountsModule {}
