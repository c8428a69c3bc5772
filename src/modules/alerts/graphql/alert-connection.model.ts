import { Field, ObjectType } from '@nestjs/graphql';
import { encodeCursor } from '../../../common/http/keyset-cursor.js';
import { PageInfoModel } from '../../graphql/common/page-info.model.js';
import type { AlertPage } from '../alerts.service.js';
import { AlertModel, toAlertModel } from './alert.model.js';

@ObjectType('AlertEdge')
export class AlertEdgeModel {
  @Field({ description: 'Opaque; pass it as after to continue from this alert.' })
  cursor: string;

  @Field(() => AlertModel)
  node: AlertModel;
}

@ObjectType('AlertConnection', { description: 'GET /alerts as a Relay connection, newest first.' })
export class AlertConnectionModel {
  @Field(() => [AlertEdgeModel])
  edges: AlertEdgeModel[];

  @Field(() => PageInfoModel)
  pageInfo: PageInfoModel;
}

/** Each edge's cursor is the keyset position REST's next_cursor would give after that alert. */
export function toAlertConnection(page: AlertPage): AlertConnectionModel {
  const edges = page.alerts.map((alert) => ({
    cursor: encodeCursor({ at: alert.matchedAt, id: alert.id }),
    node: toAlertModel(alert),
  }));
  return {
    edges,
    pageInfo: { hasNextPage: page.nextCursor !== null, endCursor: edges.at(-1)?.cursor ?? null },
  };
}
