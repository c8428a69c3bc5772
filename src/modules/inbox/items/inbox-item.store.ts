import { Injectable } from '@nestjs/common';
import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import { Database } from '../../../database/database.js';
import { SearchEntity } from '../searches/search.entity.js';
import { InboxItemEntity } from './inbox-item.entity.js';
import type { InboxKeysetQuery } from './inbox-keyset-query.js';
import { SORT_KEYS, type SortKey } from './inbox-order.js';
import type { InboxFilters, InboxQuery, InboxSort } from './inbox-query.js';

const INSERT_CHUNK = 100;

export interface InboxPage {
  items: InboxItemEntity[];
  /** Every item matching the filters, regardless of limit and offset. */
  count: number;
}

export interface InboxKeysetPage {
  items: InboxItemEntity[];
  hasNextPage: boolean;
}

/** The flags a reader changes on an item; the ones left out are not written. */
export type InboxItemFlags = Partial<Pick<InboxItemEntity, 'isRead' | 'isDeclined'>>;

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
export class InboxItemStore {
  constructor(private readonly database: Database) {}

  /** An offset page and the count of every matching item. */
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

  count(accountId: string, filters: InboxFilters): Promise<number> {
    return this.filtered(accountId, filters).getCount();
  }

  find(accountId: string, itemId: string): Promise<InboxItemEntity | null> {
    return this.itemsOf(accountId).andWhere('item.id = :itemId', { itemId }).getOne();
  }

  async setFlags(itemId: string, flags: InboxItemFlags): Promise<void> {
    await this.database.transaction((manager) =>
      manager.update(InboxItemEntity, { id: itemId }, flags),
    );
  }

  /** In the batch's transaction; a unique (search, item) index makes a replayed item a no-op. */
  async insertNew(manager: EntityManager, items: readonly InboxItemEntity[]): Promise<void> {
    for (let start = 0; start < items.length; start += INSERT_CHUNK) {
      await manager
        .createQueryBuilder()
        .insert()
        .into(InboxItemEntity)
        .values(items.slice(start, start + INSERT_CHUNK))
        .orIgnore()
        .execute();
    }
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
