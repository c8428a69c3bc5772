import { Module } from '@nestjs/common';
import { HealthModule } from '../../health/health.module.js';
import { OpsAccountsModule } from '../accounts/ops-accounts.module.js';
import { FiguresModule } from '../figures/figures.module.js';
import { OpsAccountDetailResolver } from './ops-account-detail.resolver.js';
import { OpsAccountsResolver } from './ops-accounts.resolver.js';
import { OpsDependenciesResolver } from './ops-dependencies.resolver.js';
import { OpsFiguresResolver } from './ops-figures.resolver.js';

/** The operator console's GraphQL fields (decisions section 10), for operators only. */
@Module({
  imports: [OpsAccountsModule, FiguresModule, HealthModule],
  providers: [
    OpsAccountsResolver,
    OpsAccountDetailResolver,
    OpsFiguresResolver,
    OpsDependenciesResolver,
  ],
})
export class OpsGraphqlModule {}
