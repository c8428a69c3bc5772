import { Injectable } from '@nestjs/common';
import type { SelectQueryBuilder } from 'typeorm';
import { AppError } from '../../../common/errors/app-error.js';
import { Database } from '../../../database/database.js';
import { SearchEntity } from '../searches/search.entity.js';
import type { UpdateInboxItemDto } from './dto/update-inbox-item.dto.js';
import { InboxItemEntity } from './inbox-item.entity.js';
import type { InboxQuery, InboxSort } from './inbox-query.js';

export interface InboxPage {
  items: InboxItemEntity[];
  /** Every item matching the filters, regardless of limit and offset. */
  count: number;
}

type Direction = 'ASC' | 'DESC';

const NEWEST_FIRST: [string, Direction][] = [
  ['item.createdAt', 'DESC'],
  ['item.id', 'DESC'],
];

/** Each sort's keys; ties go to the newest item, so every order is total and pages are stable. */
const SORT_KEYS: Record<InboxSort, [string, Direction][]> = {
  score_high: [['item.relevanceScore', 'DESC'], ...NEWEST_FIRST],
  score_low: [['item.relevanceScore', 'ASC'], ...NEWEST_FIRST],
  newest: NEWEST_FIRST,
  oldest: [
    ['item.createdAt', 'ASC'],
    ['item.id', 'ASC'],
  ],
  upvotes: [['item.postScore', 'DESC'], ...NEWEST_FIRST],
  comments: [['item.postNumComments', 'DESC'], ...NEWEST_FIRST],
};

@Injectable()
export class InboxService {
  constructor(private readonly database: Database) {}

  async list(accountId: string, query: InboxQuery): Promise<InboxPage> {
    const builder = this.itemsOf(accountId);
    if (query.searchId !== null)
      builder.andWhere('item.searchId = :searchId', { searchId: query.searchId });
    if (query.unreadOnly) builder.andWhere('item.isRead = :isRead', { isRead: false });
    if (query.minScore !== null) {
      // Scores are whole numbers (an integer column on PostgreSQL): >= 42.5 means >= 43.
      builder.andWhere('item.relevanceScore >= :minScore', { minScore: Math.ceil(query.minScore) });
    }
    if (query.type !== null) builder.andWhere('item.type = :type', { type: query.type });
    const count = await builder.clone().getCount();
    for (const [column, direction] of SORT_KEYS[query.sortBy]) {
      builder.addOrderBy(column, direction);
    }
    const items = await builder.limit(query.limit).offset(query.offset).getMany();
    return { items, count };
  }

  async get(accountId: string, itemId: string): Promise<InboxItemEntity> {
    const item = await this.itemsOf(accountId).andWhere('item.id = :itemId', { itemId }).getOne();
    if (!item) throw AppError.notFound('Inbox item');
    return item;
  }

  async update(
    accountId: string,
    itemId: string,
    change: UpdateInboxItemDto,
  ): Promise<InboxItemEntity> {
    if (change.is_read === undefined && change.is_declined === undefined) {
      throw AppError.invalidBody('Provide at least one of is_read, is_declined');
    }
    const item = await this.get(accountId, itemId);
    // Only the given flags are written, so concurrent changes of the other flag are kept.
    const flags: Partial<Pick<InboxItemEntity, 'isRead' | 'isDeclined'>> = {};
    if (change.is_read !== undefined) flags.isRead = change.is_read;
    if (change.is_declined !== undefined) flags.isDeclined = change.is_declined;
    await this.database.transaction((manager) =>
      manager.update(InboxItemEntity, { id: item.id }, flags),
    );
    return Object.assign(item, flags);
  }

  /** The caller's items whose search still exists (a deletion racing a batch can leave strays). */
  private itemsOf(accountId: string): SelectQueryBuilder<InboxItemEntity> {
    return this.database.manager
      .createQueryBuilder(InboxItemEntity, 'item')
      .innerJoin(SearchEntity, 'search', 'search.id = item.searchId AND search.deletedAt IS NULL')
      .where('item.accountId = :accountId', { accountId });
  }
}
