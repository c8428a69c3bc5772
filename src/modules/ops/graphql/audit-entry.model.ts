import { Field, ID, ObjectType } from '@nestjs/graphql';
import { isoWithMillis } from '../../../common/time/timestamps.js';
import type { AuditEntryEntity } from '../audit/audit-entry.entity.js';

@ObjectType('AuditEntry', {
  description:
    'One operator action: who, what, when, and the changed fields before and after (JSON), never a secret, a key or a password.',
})
export class AuditEntryModel {
  @Field(() => ID)
  id: string;

  @Field({ description: 'ISO 8601.' })
  at: string;

  @Field()
  operatorEmail: string;

  @Field(() => ID)
  operatorId: string;

  @Field({
    description: 'create_account, change_account, add_user, reset_password or revoke_api_key.',
  })
  action: string;

  @Field({ description: 'What it was done to: the account, a user by email, a key by prefix.' })
  target: string;

  @Field(() => String, { nullable: true, description: 'The changed fields as they were (JSON).' })
  before: string | null;

  @Field(() => String, { nullable: true, description: 'The changed fields as they became (JSON).' })
  after: string | null;
}

export function toAuditEntryModel(entry: AuditEntryEntity): AuditEntryModel {
  return {
    id: entry.id,
    at: isoWithMillis(entry.createdAt),
    operatorEmail: entry.operatorEmail,
    operatorId: entry.operatorId,
    action: entry.action,
    target: entry.target,
    before: entry.before === null ? null : JSON.stringify(entry.before),
    after: entry.after === null ? null : JSON.stringify(entry.after),
  };
}
