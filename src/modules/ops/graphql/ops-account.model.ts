import { Field, ObjectType } from '@nestjs/graphql';
import { isoWithMillis } from '../../../common/time/timestamps.js';
import type { AccountEntity } from '../../accounts/account.entity.js';
import { AccountModel, toAccountModel } from '../../users/graphql/viewer.model.js';

@ObjectType('OpsAccount', {
  description:
    'An account as operators see it (decisions section 10): never a secret, a key or a password.',
})
export class OpsAccountModel extends AccountModel {
  @Field({ description: 'ISO 8601, as in REST.' })
  createdAt: string;
}

export function toOpsAccountModel(account: AccountEntity): OpsAccountModel {
  return { ...toAccountModel(account), createdAt: isoWithMillis(account.createdAt) };
}
