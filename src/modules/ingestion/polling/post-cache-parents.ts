import type { Clock } from '../../../common/time/clock.js';
import type { Database } from '../../../database/database.js';
import { parentFieldsOf } from '../item-match-input.js';
import type { PostCacheStore } from '../post-cache.store.js';
import type { RedditPost } from '../reddit-item.js';
import type { ParentPostStore } from '../reddit/poller/parent-resolver.js';

/** The posts cache as the poller's parent store: the pipeline reads parents only from there. */
export class PostCacheParents implements ParentPostStore {
  constructor(
    private readonly postCache: PostCacheStore,
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  async known(postIds: readonly string[]): Promise<Set<string>> {
    return new Set((await this.postCache.find([...postIds])).keys());
  }

  async remember(posts: readonly RedditPost[]): Promise<void> {
    // Same row order as the pipeline's own cache writes, so concurrent writers cannot deadlock.
    const rows = posts
      .map((post) => ({ id: post.id, ...parentFieldsOf(post) }))
      .sort((a, b) => a.id.localeCompare(b.id));
    await this.database.transaction((manager) =>
      this.postCache.remember(manager, rows, this.clock.nowMs()),
    );
  }
}
