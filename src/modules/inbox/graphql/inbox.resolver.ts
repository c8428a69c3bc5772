import { Args, ID, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { CurrentCaller, RequireProduct, RequireRole } from '../../auth/auth.decorators.js';
import type { Caller } from '../../auth/caller.js';
import { inboxKeysetQueryOf } from '../items/inbox-keyset-query.js';
import { InboxService } from '../items/inbox.service.js';
import { InboxItemConnectionModel, toInboxItemConnection } from './inbox-connection.model.js';
import { InboxItemModel, toInboxItemModel } from './inbox-item.model.js';
import {
  InboxArgs,
  toInboxItemChange,
  toInboxKeysetFilters,
  UpdateInboxItemInput,
} from './inbox.args.js';

/** The App product's inbox: App keys only, as on REST (an Alerts key gets 403 wrong_product). */
@Resolver(() => InboxItemConnectionModel)
@RequireProduct('app')
export class InboxResolver {
  constructor(private readonly inbox: InboxService) {}

  @Query(() => InboxItemConnectionModel, { name: 'inbox' })
  async list(
    @CurrentCaller() caller: Caller,
    @Args() args: InboxArgs,
  ): Promise<InboxItemConnectionModel> {
    const query = inboxKeysetQueryOf(toInboxKeysetFilters(args));
    return toInboxItemConnection(await this.inbox.page(caller.accountId, query), query);
  }

  @ResolveField(() => Int, {
    description: "Every item matching the filters (REST's count); counted only when asked for.",
  })
  totalCount(
    @Parent() connection: InboxItemConnectionModel,
    @CurrentCaller() caller: Caller,
  ): Promise<number> {
    return this.inbox.count(caller.accountId, connection.query);
  }

  @Query(() => InboxItemModel, {
    name: 'inboxItem',
    nullable: true,
    description: 'GET /inbox/:id.',
  })
  async get(
    @CurrentCaller() caller: Caller,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<InboxItemModel> {
    return toInboxItemModel(await this.inbox.get(caller.accountId, id));
  }

  @RequireRole('member')
  @Mutation(() => InboxItemModel, {
    name: 'updateInboxItem',
    description: 'PATCH /inbox/:id: mark an item read or unread, declined or not.',
  })
  async update(
    @CurrentCaller() caller: Caller,
    @Args('id', { type: () => ID }) id: string,
    @Args('input') input: UpdateInboxItemInput,
  ): Promise<InboxItemModel> {
    return toInboxItemModel(
      await this.inbox.update(caller.accountId, id, toInboxItemChange(input)),
    );
  }
}
