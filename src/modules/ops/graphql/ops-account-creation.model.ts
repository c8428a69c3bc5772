import { Field, ObjectType } from '@nestjs/graphql';
import { ApiKeyModel } from '../../users/graphql/api-key.model.js';
import { OpsAccountModel } from './ops-account.model.js';

@ObjectType('OpsAccountCreation', { description: 'A new account and its first API key.' })
export class OpsAccountCreationModel {
  @Field(() => OpsAccountModel)
  account: OpsAccountModel;

  @Field(() => ApiKeyModel)
  apiKey: ApiKeyModel;

  @Field({
    description: 'The key: shown in this one answer, stored only as a hash, never audited.',
  })
  key: string;
}
