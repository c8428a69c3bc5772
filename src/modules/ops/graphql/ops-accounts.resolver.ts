import { Query, Resolver } from '@nestjs/graphql';
import { AccountsService } from '../../accounts/accounts.service.js';
import { RequireOperator } from '../../auth/auth.decorators.js';
import { OpsAccountModel, toOpsAccountModel } from './ops-account.model.js';

/** The operator console's Accounts page (decisions section 10): operators only. */
@Resolver(() => OpsAccountModel)
@RequireOperator()
export class OpsAccountsResolver {
  constructor(private readonly accounts: AccountsService) {}

  @Query(() => [OpsAccountModel], {
    name: 'opsAccounts',
    description: 'Every account, oldest first. Operators only: anyone else gets 403 forbidden.',
  })
  async list(): Promise<OpsAccountModel[]> {
    return (await this.accounts.listAccounts()).map(toOpsAccountModel);
  }
}
