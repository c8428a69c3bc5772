import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AccountsService } from '../../accounts/accounts.service.js';
import { CurrentCaller, RequireProduct, RequireRole } from '../../auth/auth.decorators.js';
import type { Caller } from '../../auth/caller.js';
import { CreateApiKeyArgs, keyTermsOf } from './api-key.inputs.js';
import { ApiKeysService } from '../api-keys.service.js';
import { ApiKeyCreationModel, ApiKeyModel, toApiKeyModel } from './api-key.model.js';

/** The dashboard's API keys page: the keys `admin create-key` makes, for the caller's account. */
@Resolver(() => ApiKeyModel)
// The account's own fields: an App account's user signs in and keeps keys like an Alerts one.
@RequireProduct('either')
export class ApiKeysResolver {
  constructor(
    private readonly accounts: AccountsService,
    private readonly keys: ApiKeysService,
  ) {}

  @Query(() => [ApiKeyModel], {
    name: 'apiKeys',
    description: 'Newest first, revoked ones included.',
  })
  async list(@CurrentCaller() caller: Caller): Promise<ApiKeyModel[]> {
    return (await this.accounts.listKeys(caller.accountId)).map(toApiKeyModel);
  }

  @RequireRole('admin')
  @Mutation(() => ApiKeyCreationModel, {
    name: 'createApiKey',
    description: 'A write key that never expires, unless scope and expiresAt say otherwise.',
  })
  async create(
    @CurrentCaller() caller: Caller,
    @Args() args: CreateApiKeyArgs,
  ): Promise<ApiKeyCreationModel> {
    const { key, apiKey } = await this.keys.create(caller, keyTermsOf(args));
    return { apiKey: toApiKeyModel(key), key: apiKey };
  }

  @RequireRole('admin')
  @Mutation(() => ApiKeyModel, {
    name: 'revokeApiKey',
    description: 'Ends the key at once; revoking a revoked key changes nothing.',
  })
  async revoke(
    @CurrentCaller() caller: Caller,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<ApiKeyModel> {
    return toApiKeyModel(await this.keys.revoke(caller, id));
  }
}
