import { Module } from '@nestjs/common';
import { AccountsModule } from '../../accounts/accounts.module.js';
import { FiguresModule } from '../figures/figures.module.js';
import { OpsAccountsResolver } from './ops-accounts.resolver.js';
import { OpsFiguresResolver } from './ops-figures.resolver.js';

/** The operator console's GraphQL fields (decisions section 10), for operators only. */
@Module({
  imports: [AccountsModule, FiguresModule],
  providers: [OpsAccountsResolver, OpsFiguresResolver],
})
export class OpsGraphqlModule {}
