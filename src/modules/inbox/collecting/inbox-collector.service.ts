import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { newId } from '../../../common/ids.js';
import type { NewItem, NewItemsSink } from '../../ingestion/ingestion-sinks.js';
import type { RedditPost } from '../../ingestion/reddit-item.js';
import { InboxItemEntity } from '../items/inbox-item.entity.js';
import { InboxItemStore } from '../items/inbox-item.store.js';
import { bestMatchPerSearch } from './best-match.js';
import { inboxItemType } from './inbox-item-type.js';
import { LiveSearchMatcher } from './live-search-matcher.service.js';
import { postSnapshotOf } from './post-snapshot.js';

/**
 * The ingestion pipeline's sink for new items: every first-seen post or comment that matches a
 * live search becomes an item of that search's inbox, in the batch's own transaction.
 */
@Injectable()
export class InboxCollector implements NewItemsSink {
  constructor(
    private readonly matcher: LiveSearchMatcher,
    private readonly items: InboxItemStore,
  ) {}

  async onNewItems(manager: EntityManager, items: NewItem[], now: number): Promise<void> {
    await this.matcher.refresh(manager);
    if (this.matcher.size === 0) return;
    await this.items.insertNew(manager, this.inboxItemsOf(items, now));
  }

  private inboxItemsOf(items: NewItem[], now: number): InboxItemEntity[] {
    const postsInBatch = new Map<string, RedditPost>();
    for (const { item } of items) if (item.type === 'post') postsInBatch.set(item.id, item);
    return items.flatMap(({ item, parent }) => {
      const hits = this.matcher.match(item);
      if (hits.length === 0) return [];
      const post = postSnapshotOf(
        item,
        parent,
        postsInBatch.get(item.type === 'post' ? item.id : item.postId),
      );
      return bestMatchPerSearch(hits, post, (searchId) =>
        this.matcher.descriptionStemsOf(searchId),
      ).map(({ keyword, relevanceScore }) =>
        Object.assign(new InboxItemEntity(), {
          id: newId(),
          accountId: keyword.accountId,
          searchId: keyword.searchId,
          ...post,
          relevanceScore,
          type: inboxItemType(item),
          isRead: false,
          isDeclined: false,
          matchedKeyword: keyword.text,
          createdAt: now,
        }),
      );
    });
  }
}
