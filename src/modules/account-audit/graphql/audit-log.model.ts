import { Field, ID, ObjectType } from '@nestjs/graphql';
import { encodeCursor } from '../../../common/http/keyset-cursor.js';
import { isoWithMillis } from '../../../common/time/timestamps.js';
import { PageInfoModel } from '../../graphql/common/page-info.model.js';
import type { AccountAuditEntryEntity } from '../account-audit-entry.entity.js';
import type { AuditLogPage } from '../account-audit.service.js';

@ObjectType('AuditLogActor', { description: 'Who made a change: a user or an API key.' })
export class AuditLogActorModel {
  @Field({ description: 'user or api_key.' })
  type: string;

  @Field(() => ID, { description: "The user's or the key's id." })
  id: string;

  @Field({ description: "The user's email or the key's prefix, as it was then." })
  label: string;
}

@ObjectType('AuditLogEntry', {
  description:
    'One change to the account: who, what, when, on which resource, and the changed fields before and after (JSON), never a secret.',
})
export class AuditLogEntryModel {
  @Field(() => ID)
  id: string;

  @Field({ description: 'ISO 8601.' })
  at: string;

  @Field(() => AuditLogActorModel)
  actor: AuditLogActorModel;

  @Field({ description: 'e.g. keyword.created, webhook.secret_rotated, user.role_changed.' })
  action: string;

  @Field({ description: 'keyword, webhook, api_key, user, …' })
  resourceType: string;

  @Field()
  resourceId: string;

  @Field(() => String, { nullable: true, description: 'The changed fields as they were (JSON).' })
  before: string | null;

  @Field(() => String, { nullable: true, description: 'The changed fields as they became (JSON).' })
  after: string | null;
}

@ObjectType('AuditLogEdge')
export class AuditLogEdgeModel {
  @Field({ description: 'Opaque; pass it as after to continue from this entry.' })
  cursor: string;

  @Field(() => AuditLogEntryModel)
  node: AuditLogEntryModel;
}

@ObjectType('AuditLogConnection', { description: "The account's audit log, newest first." })
export class AuditLogConnectionModel {
  @Field(() => [AuditLogEdgeModel])
  edges: AuditLogEdgeModel[];

  @Field(() => PageInfoModel)
  pageInfo: PageInfoModel;
}

function toAuditLogEntryModel(entry: AccountAuditEntryEntity): AuditLogEntryModel {
  return {
    id: entry.id,
    at: isoWithMillis(entry.createdAt),
    actor: { type: entry.actorType, id: entry.actorId, label: entry.actorLabel },
    action: entry.action,
    resourceType: entry.resourceType,
    resourceId: entry.resourceId,
    before: entry.before === null ? null : JSON.stringify(entry.before),
    after: entry.after === null ? null : JSON.stringify(entry.after),
  };
}

export function toAuditLogConnection(page: AuditLogPage): AuditLogConnectionModel {
  const edges = page.entries.map((entry) => ({
    cursor: encodeCursor({ at: entry.createdAt, id: entry.id }),
    node: toAuditLogEntryModel(entry),
  }));
  return {
    edges,
    pageInfo: { hasNextPage: page.hasNextPage, endCursor: edges.at(-1)?.cursor ?? null },
  };
}
