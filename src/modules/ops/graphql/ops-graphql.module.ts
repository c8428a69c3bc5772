import { Module } from '@nestjs/common';
import { AccountsModule } from '../../accounts/accounts.module.js';
import { OpsAccountsResolver } from './ops-accounts.resolver.js';

/** The operator console's GraphQL fields (decisions section 10), for operators only. */
@Module({
  imports: [AccountsModule],
  providers: [OpsAccountsResolver],
})
export class OpsGraphqlModule {}
