import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentCaller, RequireRole } from '../../auth/auth.decorators.js';
import type { Caller } from '../../auth/caller.js';
import { KeywordsService } from '../keywords.service.js';
import { DeletionModel, deletionOf } from '../../graphql/common/deletion.model.js';
import { KeywordCreationModel, toKeywordCreationModel } from './keyword-creation.model.js';
import { KeywordListModel } from './keyword-list.model.js';
import { CreateKeywordInput, UpdateKeywordInput } from './keyword.inputs.js';
import { KeywordModel, toKeywordModel } from './keyword.model.js';

@Resolver(() => KeywordModel)
export class KeywordsResolver {
  constructor(private readonly keywords: KeywordsService) {}

  @Query(() => KeywordListModel, { name: 'keywords' })
  async list(@CurrentCaller() caller: Caller): Promise<KeywordListModel> {
    const keywords = await this.keywords.list(caller.accountId);
    return {
      nodes: keywords.map(toKeywordModel),
      count: keywords.length,
      keywordLimit: caller.limits.keywordLimit,
    };
  }

  @RequireRole('member')
  @Mutation(() => KeywordCreationModel, { name: 'createKeywords' })
  async create(
    @CurrentCaller() caller: Caller,
    @Args('keywords', { type: () => [CreateKeywordInput] }) items: CreateKeywordInput[],
  ): Promise<KeywordCreationModel> {
    return toKeywordCreationModel(await this.keywords.create(caller, items));
  }

  @RequireRole('member')
  @Mutation(() => KeywordModel, { name: 'updateKeyword' })
  async update(
    @CurrentCaller() caller: Caller,
    @Args('id', { type: () => ID }) id: string,
    @Args('input') input: UpdateKeywordInput,
  ): Promise<KeywordModel> {
    return toKeywordModel(await this.keywords.update(caller, id, input));
  }

  @RequireRole('member')
  @Mutation(() => DeletionModel, { name: 'deleteKeyword' })
  async remove(
    @CurrentCaller() caller: Caller,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<DeletionModel> {
    await this.keywords.remove(caller, id);
    return deletionOf(id);
  }
}
