import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { RequireOperator } from '../../auth/auth.decorators.js';
import { KeywordModel, toKeywordModel } from '../../keywords/graphql/keyword.model.js';
import { UsageDayModel } from '../../usage/graphql/usage-day.model.js';
import { ApiKeyModel, toApiKeyModel } from '../../users/graphql/api-key.model.js';
import { OpsAccountsService } from '../accounts/ops-accounts.service.js';
import { AuditEntryModel, toAuditEntryModel } from './audit-entry.model.js';
import {
  OpsAccountDetailModel,
  OpsUserModel,
  OpsWebhookModel,
  toOpsUserModel,
  toOpsWebhookModel,
} from './ops-account-detail.model.js';

/** The lists of one account's page, each read only when the query asks for it. */
@Resolver(() => OpsAccountDetailModel)
@RequireOperator()
export class OpsAccountDetailResolver {
  constructor(private readonly accounts: OpsAccountsService) {}

  @ResolveField(() => [KeywordModel], {
    description: 'Deleted ones left out, oldest first (their usage stats are not for operators).',
  })
  async keywords(@Parent() detail: OpsAccountDetailModel): Promise<KeywordModel[]> {
    return (await this.accounts.keywordsOf(detail.account.id)).map(toKeywordModel);
  }

  @ResolveField(() => [OpsWebhookModel], { description: 'Deleted ones left out, oldest first.' })
  async webhooks(@Parent() detail: OpsAccountDetailModel): Promise<OpsWebhookModel[]> {
    return (await this.accounts.webhooksOf(detail.account.id)).map(toOpsWebhookModel);
  }

  @ResolveField(() => [UsageDayModel], {
    description: 'Delivered and capped per UTC day over the last 30 days, as usageHistory.',
  })
  async usage(@Parent() detail: OpsAccountDetailModel): Promise<UsageDayModel[]> {
    return this.accounts.usageOf(await this.accounts.account(detail.account.id));
  }

  @ResolveField(() => [OpsUserModel], { description: 'Oldest first.' })
  async users(@Parent() detail: OpsAccountDetailModel): Promise<OpsUserModel[]> {
    return (await this.accounts.usersOf(detail.account.id)).map(toOpsUserModel);
  }

  @ResolveField(() => [ApiKeyModel], { description: 'Newest first, revoked ones included.' })
  async apiKeys(@Parent() detail: OpsAccountDetailModel): Promise<ApiKeyModel[]> {
    return (await this.accounts.keysOf(detail.account.id)).map(toApiKeyModel);
  }

  @ResolveField(() => [AuditEntryModel], {
    description: 'Operator actions on the account, newest first, the latest 100.',
  })
  async auditEntries(@Parent() detail: OpsAccountDetailModel): Promise<AuditEntryModel[]> {
    return (await this.accounts.auditOf(detail.account.id)).map(toAuditEntryModel);
  }
}
