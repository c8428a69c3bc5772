import { Injectable } from '@nestjs/common';
import { In, IsNull, type EntityManager } from 'typeorm';
import { AppError } from '../../../common/errors/app-error.js';
import { newId } from '../../../common/ids.js';
import { Clock } from '../../../common/time/clock.js';
import { nextChangeSeq } from '../../../database/change-sequence.js';
import { Database } from '../../../database/database.js';
import { groupBy } from '../group-by.js';
import { InboxItemEntity } from '../items/inbox-item.entity.js';
import { SearchKeywordEntity } from './search-keyword.entity.js';
import type { NewSearch, SearchChange, SearchKeywordInput } from './search-rules.js';
import { SearchEntity } from './search.entity.js';

/** A search with its keywords, in the order they were given. */
export interface SearchView {
  search: SearchEntity;
  keywords: SearchKeywordEntity[];
}

@Injectable()
export class SearchesService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  /** Live searches (active and paused), oldest first. */
  async list(accountId: string): Promise<SearchView[]> {
    const searches = await this.database.manager.find(SearchEntity, {
      where: { accountId, deletedAt: IsNull() },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    const keywords = await this.keywordsOf(
      this.database.manager,
      searches.map((search) => search.id),
    );
    return searches.map((search) => ({ search, keywords: keywords.get(search.id) ?? [] }));
  }

  async get(accountId: string, searchId: string): Promise<SearchView> {
    const search = await this.findLive(this.database.manager, accountId, searchId);
    return this.view(this.database.manager, search);
  }

  async create(accountId: string, input: NewSearch): Promise<SearchView> {
    const now = this.clock.nowMs();
    const search = Object.assign(new SearchEntity(), {
      id: newId(),
      accountId,
      name: input.name,
      description: input.description,
      active: input.active,
      revision: 1,
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    });
    return this.database.transaction(async (manager) => {
      search.changeSeq = await nextChangeSeq(this.database, manager, 'searches');
      await manager.insert(SearchEntity, search);
      const keywords = await this.insertKeywords(manager, search.id, input.keywords);
      return { search, keywords };
    });
  }

  async update(accountId: string, searchId: string, change: SearchChange): Promise<SearchView> {
    return this.database.transaction(async (manager) => {
      const search = await this.findLive(manager, accountId, searchId);
      search.name = change.name ?? search.name;
      if (change.description !== undefined) search.description = change.description;
      search.active = change.active ?? search.active;
      search.revision += 1;
      search.updatedAt = this.clock.nowMs();
      search.changeSeq = await nextChangeSeq(this.database, manager, 'searches');
      await manager.save(search);
      if (change.keywords === undefined) return this.view(manager, search);
      await manager.delete(SearchKeywordEntity, { searchId });
      return { search, keywords: await this.insertKeywords(manager, searchId, change.keywords) };
    });
  }

  /** Collecting stops at once; the search and its inbox items are gone from the API. */
  async remove(accountId: string, searchId: string): Promise<void> {
    await this.database.transaction(async (manager) => {
      const search = await this.findLive(manager, accountId, searchId);
      const now = this.clock.nowMs();
      Object.assign(search, { active: false, deletedAt: now, updatedAt: now });
      search.revision += 1;
      search.changeSeq = await nextChangeSeq(this.database, manager, 'searches');
      await manager.save(search);
      await manager.delete(SearchKeywordEntity, { searchId });
      await manager.delete(InboxItemEntity, { searchId });
    });
  }

  private async findLive(
    manager: EntityManager,
    accountId: string,
    searchId: string,
  ): Promise<SearchEntity> {
    const search = await manager.findOneBy(SearchEntity, {
      id: searchId,
      accountId,
      deletedAt: IsNull(),
    });
    if (!search) throw AppError.notFound('Search');
    return search;
  }

  private async view(manager: EntityManager, search: SearchEntity): Promise<SearchView> {
    const keywords = await this.keywordsOf(manager, [search.id]);
    return { search, keywords: keywords.get(search.id) ?? [] };
  }

  private async keywordsOf(
    manager: EntityManager,
    searchIds: string[],
  ): Promise<Map<string, SearchKeywordEntity[]>> {
    if (searchIds.length === 0) return new Map();
    const rows = await manager.find(SearchKeywordEntity, {
      where: { searchId: In(searchIds) },
      order: { position: 'ASC' },
    });
    return groupBy(rows, (row) => row.searchId);
  }

  private async insertKeywords(
    manager: EntityManager,
    searchId: string,
    inputs: SearchKeywordInput[],
  ): Promise<SearchKeywordEntity[]> {
    const keywords = inputs.map((input, position) =>
      Object.assign(new SearchKeywordEntity(), { id: newId(), searchId, position, ...input }),
    );
    await manager.insert(SearchKeywordEntity, keywords);
    return keywords;
  }
}
