import { Injectable } from '@nestjs/common';
import { AppError } from '../../../common/errors/app-error.js';
import type { UpdateInboxItemDto } from './dto/update-inbox-item.dto.js';
import type { InboxItemEntity } from './inbox-item.entity.js';
import {
  InboxItemStore,
  type InboxItemFlags,
  type InboxKeysetPage,
  type InboxPage,
} from './inbox-item.store.js';
import type { InboxKeysetQuery } from './inbox-keyset-query.js';
import type { InboxFilters, InboxQuery } from './inbox-query.js';

@Injectable()
export class InboxService {
  constructor(private readonly store: InboxItemStore) {}

  list(accountId: string, query: InboxQuery): Promise<InboxPage> {
    return this.store.list(accountId, query);
  }

  page(accountId: string, query: InboxKeysetQuery): Promise<InboxKeysetPage> {
    return this.store.page(accountId, query);
  }

  count(accountId: string, filters: InboxFilters): Promise<number> {
    return this.store.count(accountId, filters);
  }

  async get(accountId: string, itemId: string): Promise<InboxItemEntity> {
    const item = await this.store.find(accountId, itemId);
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
    const flags: InboxItemFlags = {};
    if (change.is_read !== undefined) flags.isRead = change.is_read;
    if (change.is_declined !== undefined) flags.isDeclined = change.is_declined;
    await this.store.setFlags(item.id, flags);
    return Object.assign(item, flags);
  }
}
