import { Args, Context, ID, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { CurrentCaller } from '../../auth/auth.decorators.js';
import type { Caller } from '../../auth/caller.js';
import type { GraphqlContext } from '../../graphql/common/graphql-context.js';
import { KeywordLoader } from '../../keywords/graphql/keyword.loader.js';
import { KeywordModel, toKeywordModel } from '../../keywords/graphql/keyword.model.js';
import { toWebhookPayload } from '../alert-payload.js';
import { alertQueryOf } from '../alert-query.js';
import { AlertsService } from '../alerts.service.js';
import { AlertConnectionModel, toAlertConnection } from './alert-connection.model.js';
import { AlertModel, toAlertModel } from './alert.model.js';
import { AlertsArgs, toAlertFilters } from './alerts.args.js';

@Resolver(() => AlertModel)
export class AlertsResolver {
  constructor(
    private readonly alerts: AlertsService,
    private readonly keywordLoader: KeywordLoader,
  ) {}

  @Query(() => AlertConnectionModel, { name: 'alerts' })
  async list(
    @CurrentCaller() caller: Caller,
    @Args() args: AlertsArgs,
  ): Promise<AlertConnectionModel> {
    return toAlertConnection(await this.alerts.list(caller, alertQueryOf(toAlertFilters(args))));
  }

  @Query(() => AlertModel, { name: 'alert', nullable: true, description: 'By id (REST inbox_id).' })
  async get(
    @CurrentCaller() caller: Caller,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<AlertModel> {
    return toAlertModel(await this.alerts.get(caller, id));
  }

  @ResolveField(() => String, {
    description:
      'The JSON body a webhook receives for this alert, byte for byte (JSON.stringify of the payload); webhook_id is the given webhook id, or null without one.',
  })
  webhookPayload(
    @Parent() alert: AlertModel,
    @Args('webhookId', { type: () => ID, nullable: true, defaultValue: null })
    webhookId: string | null,
  ): string {
    return JSON.stringify(toWebhookPayload(alert.source, webhookId));
  }

  @ResolveField(() => KeywordModel, {
    nullable: true,
    description: 'The keyword as it is now; null once deleted (keywordText and keywordId remain).',
  })
  async keyword(
    @Parent() alert: AlertModel,
    @CurrentCaller() caller: Caller,
    @Context() context: GraphqlContext,
  ): Promise<KeywordModel | null> {
    const keyword = await this.keywordLoader.load(context.req, caller, alert.keywordId);
    return keyword && toKeywordModel(keyword);
  }
}
