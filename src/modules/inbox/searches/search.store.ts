import { Injectable } from '@nestjs/common';
import { In, IsNull, type EntityManager } from 'typeorm';
import { newId } from '../../../common/ids.js';
import { nextChangeSeq } from '../../../database/change-sequence.js';
import { Database } from '../../../database/database.js';
import { groupBy } from '../../../common/group-by.js';
import { InboxItemEntity } from '../items/inbox-item.entity.js';
import { SearchKeywordEntity } from './search-keyword.entity.js';
import type { SearchKeywordInput } from './search-rules.js';
import { SearchEntity } from './search.entity.js';

/** A search with its keywords, in the order they were given. */
export interface SearchView {
  search: SearchEntity;
  keywords: SearchKeywordEntity[];
}

/** The search rows one write transaction reads and changes. */
export class SearchWrite {
  constructor(
    private readonly database: Database,
    private readonly manager: EntityManager,
  ) {}

  findLive(accountId: string, searchId: string): Promise<SearchEntity | null> {
    return findLive(this.manager, accountId, searchId);
  }

  /** The number the live search matchers see this change under (change-sequence.ts). */
  nextChangeSeq(): Promise<number> {
    return nextChangeSeq(this.database, this.manager, 'searches');
  }

  async insert(search: SearchEntity, keywords: SearchKeywordInput[]): Promise<SearchView> {
    await this.manager.insert(SearchEntity, search);
    return { search, keywords: await this.insertKeywords(search.id, keywords) };
  }

  /** Saves the search; its keywords are replaced when given, else read as stored. */
  async save(search: SearchEntity, keywords?: SearchKeywordInput[]): Promise<SearchView> {
    await this.manager.save(search);
    if (keywords === undefined) return viewOf(this.manager, search);
    await this.manager.delete(SearchKeywordEntity, { searchId: search.id });
    return { search, keywords: await this.insertKeywords(search.id, keywords) };
  }

  /** Its keywords and its inbox items go with a deleted search. */
  async deleteContents(searchId: string): Promise<void> {
    await this.manager.delete(SearchKeywordEntity, { searchId });
    await this.manager.delete(InboxItemEntity, { searchId });
  }

  private async insertKeywords(
    searchId: string,
    inputs: SearchKeywordInput[],
  ): Promise<SearchKeywordEntity[]> {
    const keywords = inputs.map((input, position) =>
      Object.assign(new SearchKeywordEntity(), { id: newId(), searchId, position, ...input }),
    );
    await this.manager.insert(SearchKeywordEntity, keywords);
    return keywords;
  }
}

@Injectable()
export class SearchStore {
  constructor(private readonly database: Database) {}

  /** Live searches (active and paused) with their keywords, oldest first. */
  async listLive(accountId: string): Promise<SearchView[]> {
    const searches = await this.database.manager.find(SearchEntity, {
      where: { accountId, deletedAt: IsNull() },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    const keywords = await keywordsOf(
      this.database.manager,
      searches.map((search) => search.id),
    );
    return searches.map((search) => ({ search, keywords: keywords.get(search.id) ?? [] }));
  }

  async findLive(accountId: string, searchId: string): Promise<SearchView | null> {
    const search = await findLive(this.database.manager, accountId, searchId);
    return search && viewOf(this.database.manager, search);
  }

  write<T>(work: (write: SearchWrite) => Promise<T>): Promise<T> {
    return this.database.transaction((manager) => work(new SearchWrite(this.database, manager)));
  }
}

function findLive(
  manager: EntityManager,
  accountId: string,
  searchId: string,
): Promise<SearchEntity | null> {
  return manager.findOneBy(SearchEntity, { id: searchId, accountId, deletedAt: IsNull() });
}

async function viewOf(manager: EntityManager, search: SearchEntity): Promise<SearchView> {
  const keywords = await keywordsOf(manager, [search.id]);
  return { search, keywords: keywords.get(search.id) ?? [] };
}

async function keywordsOf(
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
