import { Field, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import {
  isoWithMillis,
  isoWithMillisOrNull as isoOrNull,
} from '../../../common/time/timestamps.js';
import type { ApiKeyEntity, KeyScope } from '../../accounts/api-key.entity.js';

export enum ApiKeyScopeEnum {
  read = 'read',
  write = 'write',
}

registerEnumType(ApiKeyScopeEnum, {
  name: 'ApiKeyScope',
  description:
    'read: GET routes of /api/v1 and GraphQL queries only (anything else is forbidden); write: everything.',
});

@ObjectType('ApiKey', {
  description: 'An API key as listed: never the key itself, which is shown once.',
})
export class ApiKeyModel {
  @Field(() => ID)
  id: string;

  @Field({ description: 'The first 10 characters of the key, to tell keys apart.' })
  prefix: string;

  @Field({ description: 'ISO 8601.' })
  createdAt: string;

  @Field(() => String, {
    nullable: true,
    description: 'The last request with it, to the minute (ISO 8601); null if never used.',
  })
  lastUsedAt: string | null;

  @Field(() => String, { nullable: true, description: 'ISO 8601; null while the key works.' })
  revokedAt: string | null;

  @Field(() => ApiKeyScopeEnum)
  scope: KeyScope;

  @Field(() => String, {
    nullable: true,
    description:
      'From this instant (ISO 8601) the key is refused as expired (401 unauthorized); null: it never expires.',
  })
  expiresAt: string | null;
}

@ObjectType('ApiKeyCreation')
export class ApiKeyCreationModel {
  @Field(() => ApiKeyModel)
  apiKey: ApiKeyModel;

  @Field({ description: 'The key: shown in this one answer, stored only as a hash.' })
  key: string;
}

export function toApiKeyModel(key: ApiKeyEntity): ApiKeyModel {
  return {
    id: key.id,
    prefix: key.keyPrefix,
    createdAt: isoWithMillis(key.createdAt),
    lastUsedAt: isoOrNull(key.lastUsedAt),
    revokedAt: isoOrNull(key.revokedAt),
    scope: key.scope,
    expiresAt: isoOrNull(key.expiresAt),
  };
}
