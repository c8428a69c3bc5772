import { Injectable } from '@nestjs/common';
import type { SelectQueryBuilder } from 'typeorm';
import { AppError } from '../../../common/errors/app-error.js';
import { Database } from '../../../database/database.js';
import { SearchEntity } from '../searches/search.entity.js';
import type { UpdateInboxItemDto } from './dto/update-inbox-item.dto.js';
import { InboxItemEntity } from './inbox-item.entity.js';
import type { InboxKeysetQuery } from './inbox-keyset-query.js';
import { SORT_KEYS, type SortKey } from './inbox-order.js';
import type { InboxFilters, InboxQuery, InboxSort } from './inbox-query.js';

export interface InboxPage {
  items: InboxItemEntity[];
  /** Every item matching the filters, regardless of limit and offset. */
  count: number;
}

export interface InboxKeysetPage {
  items: InboxItemEntity[];
  hasNextPage: boolean;
}

/**
 * The rows after a cursor in the order of `keys`: past the first key's value, or equal to it and
 * after the cursor in the remaining keys (the last one, the id, is unique).
 */
function afterCondition(keys: readonly SortKey[], index = 0): string {
  const [property, direction] = keys[index];
  const column = `item.${property}`;
  const past = `${column} ${direction === 'DESC' ? '<' : '>'} :after${index}`;
  if (index === keys.length - 1) return past;
  return `(${past} OR (${column} = :after${index} AND ${afterCondition(keys, index + 1)}))`;
}

@Injectable()
export class InboxService {
  constructor(private readonly database: Database) {}

  /** GET /inbox: an offset page and the count of every matching item. */
  async list(accountId: string, query: InboxQuery): Promise<InboxPage> {
    const builder = this.filtered(accountId, query);
    const count = await builder.clone().getCount();
    const items = await this.ordered(builder, query.sortBy)
      .limit(query.limit)
      .offset(query.offset)
      .getMany();
    return { items, count };
  }

  /** A keyset page, without OFFSET: the page after `query.after` in its order. */
  async page(accountId: string, query: InboxKeysetQuery): Promise<InboxKeysetPage> {
    const builder = this.filtered(accountId, query);
    if (query.after !== null) {
      builder.andWhere(
        afterCondition(SORT_KEYS[query.sortBy]),
        Object.fromEntries(query.after.values.map((value, index) => [`after${index}`, value])),
      );
    }
    const rows = await this.ordered(builder, query.sortBy)
      .limit(query.limit + 1)
      .getMany();
    return { items: rows.slice(0, query.limit), hasNextPage: rows.length > query.limit };
  }

  /** Every item matching the filters. */
  count(accountId: string, filters: InboxFilters): Promise<number> {
    return this.filtered(accountId, filters).getCount();
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

  private filtered(accountId: string, filters: InboxFilters): SelectQueryBuilder<InboxItemEntity> {
    const builder = this.itemsOf(accountId);
    if (filters.searchId !== null)
      builder.andWhere('item.searchId = :searchId', { searchId: filters.searchId });
    if (filters.unreadOnly) builder.andWhere('item.isRead = :isRead', { isRead: false });
    if (filters.minScore !== null) {
      // Scores are whole numbers (an integer column on PostgreSQL): >= 42.5 means >= 43.
      builder.andWhere('item.relevanceScore >= :minScore', {
        minScore: Math.ceil(filters.minScore),
      });
    }
    if (filters.type !== null) builder.andWhere('item.type = :type', { type: filters.type });
    return builder;
  }

  private ordered(
    builder: SelectQueryBuilder<InboxItemEntity>,
    sortBy: InboxSort,
  ): SelectQueryBuilder<InboxItemEntity> {
    for (const [property, direction] of SORT_KEYS[sortBy]) {
      builder.addOrderBy(`item.${property}`, direction);
    }
    return builder;
  }

  /** The caller's items whose search still exists (a deletion racing a batch can leave strays). */
  private itemsOf(accountId: string): SelectQueryBuilder<InboxItemEntity> {
    return this.database.manager
      .createQueryBuilder(InboxItemEntity, 'item')
      .innerJoin(SearchEntity, 'search', 'search.id = item.searchId AND search.deletedAt IS NULL')
      .where('item.accountId = :accountId', { accountId });
  }
}
