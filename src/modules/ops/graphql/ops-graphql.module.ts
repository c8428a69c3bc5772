import { Module } from '@nestjs/common';
import { OpsAccountsModule } from '../accounts/ops-accounts.module.js';
import { OpsAccountDetailResolver } from './ops-account-detail.resolver.js';
import { OpsAccountsResolver } from './ops-accounts.resolver.js';

/** The operator console's GraphQL fields (decisions section 10), for operators only. */
@Module({
  imports: [OpsAccountsModule],
  providers: [OpsAccountsResolver, OpsAccountDetailResolver],
})
export class OpsGraphqlModule {}
