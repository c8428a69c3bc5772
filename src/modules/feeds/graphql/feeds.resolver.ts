import { Inject } from '@nestjs/common';
import { Context, Mutation, Query, Resolver } from '@nestjs/graphql';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { CurrentCaller, RequireRole } from '../../auth/auth.decorators.js';
import type { Caller } from '../../auth/caller.js';
import type { GraphqlContext } from '../../graphql/common/graphql-context.js';
import { FeedTokensService } from '../feed-tokens.service.js';
import { issuedFeedUrls } from '../feed-urls.js';
import { FeedsModel, toFeedsModel } from './feeds.model.js';

@Resolver(() => FeedsModel)
export class FeedsResolver {
  constructor(
    private readonly tokens: FeedTokensService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Query(() => FeedsModel, { name: 'feeds', description: 'GET /api/v1/feeds.' })
  async show(@CurrentCaller() caller: Caller): Promise<FeedsModel> {
    return toFeedsModel(await this.tokens.find(caller.accountId));
  }

  @RequireRole('member')
  @Mutation(() => FeedsModel, {
    name: 'rotateFeedToken',
    description:
      'POST /api/v1/feeds/token: issues the feed token, or replaces it (the old URLs stop working at once), and shows the new URLs once.',
  })
  async rotate(
    @CurrentCaller() caller: Caller,
    @Context() context: GraphqlContext,
  ): Promise<FeedsModel> {
    const { feedToken, token } = await this.tokens.issue(caller);
    return toFeedsModel(feedToken, issuedFeedUrls(context.req, this.config.publicUrls, token));
  }
}
