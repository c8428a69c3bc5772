import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { isoWithMillis } from '../../../common/time/timestamps.js';
import type { UserEntity } from '../../users/user.entity.js';
import type { WebhookEntity } from '../../webhooks/webhook.entity.js';
import type { AccountSummary } from '../accounts/ops-accounts.service.js';
import { OpsAccountModel, toOpsAccountModel } from './ops-account.model.js';

const isoOrNull = (ms: number | null) => (ms === null ? null : isoWithMillis(ms));

@ObjectType('OpsAccountDetail', {
  description:
    'One account on its page in the operator console, read-only: each list is read when asked for.',
})
export class OpsAccountDetailModel {
  @Field(() => OpsAccountModel)
  account: OpsAccountModel;
}

export function toOpsAccountDetail(summary: AccountSummary): OpsAccountDetailModel {
  return { account: toOpsAccountModel(summary) };
}

@ObjectType('OpsWebhook', {
  description:
    'A webhook as operators see it: its URL’s host only (a Slack or Discord URL carries a token in its path), never its secret.',
})
export class OpsWebhookModel {
  @Field(() => ID)
  id: string;

  @Field()
  name: string;

  @Field()
  host: string;

  @Field()
  active: boolean;

  @Field(() => Int, { description: 'Failures since the last success.' })
  consecutiveFailures: number;

  @Field(() => String, { nullable: true })
  lastError: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Last attempt, successful or not (ISO 8601).',
  })
  lastDeliveryAt: string | null;
}

export function toOpsWebhookModel(webhook: WebhookEntity): OpsWebhookModel {
  return {
    id: webhook.id,
    name: webhook.name,
    host: hostOf(webhook.url),
    active: webhook.active,
    consecutiveFailures: webhook.consecutiveFailures,
    lastError: webhook.lastError,
    lastDeliveryAt: isoOrNull(webhook.lastDeliveryAt),
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

@ObjectType('OpsUser', { description: "An account's user as operators see it: never a password." })
export class OpsUserModel {
  @Field(() => ID)
  id: string;

  @Field()
  email: string;

  @Field({ description: 'ISO 8601.' })
  createdAt: string;
}

export function toOpsUserModel(user: UserEntity): OpsUserModel {
  return { id: user.id, email: user.email, createdAt: isoWithMillis(user.createdAt) };
}

@ObjectType('OpsIssuedPassword', { description: 'A user and their generated password.' })
export class OpsIssuedPasswordModel {
  @Field(() => OpsUserModel)
  user: OpsUserModel;

  @Field({ description: 'Shown in this one answer, stored only as a hash, never audited.' })
  password: string;
}
