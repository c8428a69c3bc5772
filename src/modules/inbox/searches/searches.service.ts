import { Injectable } from '@nestjs/common';
import { AppError } from '../../../common/errors/app-error.js';
import { newId } from '../../../common/ids.js';
import { Clock } from '../../../common/time/clock.js';
import type { NewSearch, SearchChange } from './search-rules.js';
import { SearchEntity } from './search.entity.js';
import { SearchStore, type SearchView, type SearchWrite } from './search.store.js';

@Injectable()
export class SearchesService {
  constructor(
    private readonly store: SearchStore,
    private readonly clock: Clock,
  ) {}

  list(accountId: string): Promise<SearchView[]> {
    return this.store.listLive(accountId);
  }

  async get(accountId: string, searchId: string): Promise<SearchView> {
    const view = await this.store.findLive(accountId, searchId);
    if (!view) throw AppError.notFound('Search');
    return view;
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
    return this.store.write(async (write) => {
      search.changeSeq = await write.nextChangeSeq();
      return write.insert(search, input.keywords);
    });
  }

  async update(accountId: string, searchId: string, change: SearchChange): Promise<SearchView> {
    return this.store.write(async (write) => {
      const search = await this.findLive(write, accountId, searchId);
      search.name = change.name ?? search.name;
      if (change.description !== undefined) search.description = change.description;
      search.active = change.active ?? search.active;
      search.revision += 1;
      search.updatedAt = this.clock.nowMs();
      search.changeSeq = await write.nextChangeSeq();
      return write.save(search, change.keywords);
    });
  }

  /** Collecting stops at once; the search and its inbox items are gone from the API. */
  async remove(accountId: string, searchId: string): Promise<void> {
    await this.store.write(async (write) => {
      const search = await this.findLive(write, accountId, searchId);
      const now = this.clock.nowMs();
      Object.assign(search, { active: false, deletedAt: now, updatedAt: now });
      search.revision += 1;
      search.changeSeq = await write.nextChangeSeq();
      await write.save(search);
      await write.deleteContents(searchId);
    });
  }

  private async findLive(
    write: SearchWrite,
    accountId: string,
    searchId: string,
  ): Promise<SearchEntity> {
    const search = await write.findLive(accountId, searchId);
    if (!search) throw AppError.notFound('Search');
    return search;
  }
}
