import { Field, Int, ObjectType } from '@nestjs/graphql';
import { isoWithMillis } from '../../../common/time/timestamps.js';
import { AccountModel, toAccountModel } from '../../users/graphql/viewer.model.js';
import type { AccountSummary } from '../accounts/ops-accounts.service.js';

@ObjectType('OpsAccount', {
  description:
    'An account as operators see it (decisions section 10), with its figures: never a secret, a key or a password.',
})
export class OpsAccountModel extends AccountModel {
  @Field({ description: 'ISO 8601, as in REST.' })
  createdAt: string;

  @Field(() => Int, { description: 'Active keywords: what the plan’s keywordLimit counts.' })
  activeKeywords: number;

  @Field(() => Int, { description: 'Matches delivered today (UTC day), as usage counts them.' })
  alertsToday: number;

  @Field(() => Int, { description: 'Matches the daily cap held back today (UTC day).' })
  cappedToday: number;

  @Field(() => Int, { description: 'Webhooks, deleted ones left out.' })
  webhooks: number;

  @Field(() => Int, {
    description: 'Webhooks whose latest deliveries failed (consecutive failures > 0).',
  })
  failingWebhooks: number;
}

export function toOpsAccountModel({ account, figures }: AccountSummary): OpsAccountModel {
  return { ...toAccountModel(account), createdAt: isoWithMillis(account.createdAt), ...figures };
}
