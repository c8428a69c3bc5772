import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentOperator, RequireOperator } from '../../auth/auth.decorators.js';
import type { OperatorCaller } from '../../auth/caller.js';
import { ApiKeyModel, toApiKeyModel } from '../../users/graphql/api-key.model.js';
import { OpsAccountActions } from '../accounts/ops-account-actions.service.js';
import {
  OPS_ACCOUNTS_DEFAULT_LIMIT,
  OpsAccountsService,
} from '../accounts/ops-accounts.service.js';
import { OpsAccountCreationModel } from './ops-account-creation.model.js';
import {
  OpsAccountDetailModel,
  OpsIssuedPasswordModel,
  toOpsAccountDetail,
  toOpsUserModel,
} from './ops-account-detail.model.js';
import {
  OpsAccountChangeInput,
  OpsKeyRevocationInput,
  OpsNewAccountInput,
  OpsNewUserInput,
  OpsPasswordResetInput,
} from './ops-account.inputs.js';
import { OpsAccountModel, toOpsAccountModel } from './ops-account.model.js';
import type { IssuedPassword } from '../../users/users.service.js';

const toIssuedPassword = ({ user, password }: IssuedPassword): OpsIssuedPasswordModel => ({
  user: toOpsUserModel(user),
  password,
});

/** The operator console's Accounts page (decisions section 10, issue #26): operators only. */
@Resolver(() => OpsAccountModel)
@RequireOperator()
export class OpsAccountsResolver {
  constructor(
    private readonly accounts: OpsAccountsService,
    private readonly actions: OpsAccountActions,
  ) {}

  @Query(() => [OpsAccountModel], {
    name: 'opsAccounts',
    description:
      'Accounts, newest first, at most `limit` (1 to 200): every one, or those whose id starts with `search`, whose name or a user’s email contains it (any case). Operators only: anyone else gets 403 forbidden.',
  })
  async list(
    @Args('search', { type: () => String, defaultValue: '' }) search: string,
    @Args('limit', { type: () => Int, defaultValue: OPS_ACCOUNTS_DEFAULT_LIMIT }) limit: number,
  ): Promise<OpsAccountModel[]> {
    return (await this.accounts.search(search, limit)).map(toOpsAccountModel);
  }

  @Query(() => OpsAccountDetailModel, {
    name: 'opsAccount',
    description: 'One account, read-only; not_found when there is none.',
  })
  async one(@Args('id', { type: () => ID }) id: string): Promise<OpsAccountDetailModel> {
    return toOpsAccountDetail(await this.accounts.summary(id));
  }

  @Mutation(() => OpsAccountCreationModel, {
    name: 'opsCreateAccount',
    description: 'A new account and its first API key, shown once. Audited.',
  })
  async create(
    @CurrentOperator() operator: OperatorCaller,
    @Args('input') input: OpsNewAccountInput,
  ): Promise<OpsAccountCreationModel> {
    const { account, key, apiKey } = await this.actions.createAccount(operator, {
      plan: input.plan,
      product: input.product,
      name: input.name ?? undefined,
    });
    const [summary] = await this.accounts.withFigures([account]);
    return { account: toOpsAccountModel(summary), apiKey: toApiKeyModel(key), key: apiKey };
  }

  @Mutation(() => OpsAccountModel, {
    name: 'opsChangeAccount',
    description: 'A new plan and/or status. Audited when something changed.',
  })
  async change(
    @CurrentOperator() operator: OperatorCaller,
    @Args('input') input: OpsAccountChangeInput,
  ): Promise<OpsAccountModel> {
    const account = await this.actions.changeAccount(operator, input.accountId, {
      plan: input.plan ?? undefined,
      status: input.status ?? undefined,
    });
    const [summary] = await this.accounts.withFigures([account]);
    return toOpsAccountModel(summary);
  }

  @Mutation(() => OpsIssuedPasswordModel, {
    name: 'opsAddUser',
    description: 'A user of the account with a generated password, shown once. Audited.',
  })
  async addUser(
    @CurrentOperator() operator: OperatorCaller,
    @Args('input') input: OpsNewUserInput,
  ): Promise<OpsIssuedPasswordModel> {
    return toIssuedPassword(await this.actions.addUser(operator, input.accountId, input.email));
  }

  @Mutation(() => OpsIssuedPasswordModel, {
    name: 'opsResetPassword',
    description:
      "A new generated password for one of the account's users, shown once; their sessions end. Audited.",
  })
  async resetPassword(
    @CurrentOperator() operator: OperatorCaller,
    @Args('input') input: OpsPasswordResetInput,
  ): Promise<OpsIssuedPasswordModel> {
    return toIssuedPassword(
      await this.actions.resetPassword(operator, input.accountId, input.userId),
    );
  }

  @Mutation(() => ApiKeyModel, {
    name: 'opsRevokeApiKey',
    description: "Ends one of the account's keys at once. Audited; a revoked key changes nothing.",
  })
  async revokeKey(
    @CurrentOperator() operator: OperatorCaller,
    @Args('input') input: OpsKeyRevocationInput,
  ): Promise<ApiKeyModel> {
    return toApiKeyModel(await this.actions.revokeKey(operator, input.accountId, input.keyId));
  }
}
