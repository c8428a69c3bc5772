import { Field, ObjectType } from '@nestjs/graphql';
import { PageInfoModel } from '../../graphql/common/page-info.model.js';
import { encodeInboxCursor } from '../items/inbox-cursor.js';
import type { InboxKeysetQuery } from '../items/inbox-keyset-query.js';
import type { InboxKeysetPage } from '../items/inbox-item.store.js';
import { InboxItemModel, toInboxItemModel } from './inbox-item.model.js';

@ObjectType('InboxItemEdge')
export class InboxItemEdgeModel {
  @Field({ description: 'Opaque; pass it as after (with the same sortBy) to continue.' })
  cursor: string;

  @Field(() => InboxItemModel)
  node: InboxItemModel;
}

@ObjectType('InboxItemConnection', {
  description: 'GET /inbox as a Relay connection: keyset pages instead of offsets.',
})
export class InboxItemConnectionModel {
  @Field(() => [InboxItemEdgeModel])
  edges: InboxItemEdgeModel[];

  @Field(() => PageInfoModel)
  pageInfo: PageInfoModel;

  /** Not a field: what totalCount counts, so it is counted only when asked for. */
  query: InboxKeysetQuery;
}

export function toInboxItemConnection(
  page: InboxKeysetPage,
  query: InboxKeysetQuery,
): InboxItemConnectionModel {
  const edges = page.items.map((item) => ({
    cursor: encodeInboxCursor(query.sortBy, item),
    node: toInboxItemModel(item),
  }));
  return {
    edges,
    pageInfo: { hasNextPage: page.hasNextPage, endCursor: edges.at(-1)?.cursor ?? null },
    query,
  };
}
