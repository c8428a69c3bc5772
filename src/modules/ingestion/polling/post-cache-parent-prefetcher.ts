import type { Clock } from '../../../common/time/clock.js';
import type { Database } from '../../../database/database.js';
import type { PostCacheStore } from '../post-cache.store.js';
import type { RedditComment } from '../reddit-item.js';
import type { ParentPostLookup } from '../reddit/parent-post-lookup.js';
import type { ParentPostPrefetcher } from '../reddit/reddit-poller.js';
import type { RequestBudget } from '../reddit/request-budget.js';

/**
 * Before a cycle's comments reach the pipeline, looks up (within the cycle's budget) the parent
 * posts the posts cache does not have, and writes them there, where the pipeline reads parents.
 */
export class PostCacheParentPrefetcher implements ParentPostPrefetcher {
  constructor(
    private readonly lookup: ParentPostLookup,
    private readonly postCache: PostCacheStore,
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  async prefetch(comments: readonly RedditComment[], budget: RequestBudget): Promise<void> {
    const postIds = [...new Set(comments.map((comment) => comment.postId))];
    const cached = await this.postCache.find(postIds);
    const unknown = postIds.filter((postId) => !cached.has(postId));
    if (unknown.length === 0) return;
    const parents = await this.lookup.fetch(unknown, budget);
    if (parents.size === 0) return;
    // Same row order as the pipeline's own cache writes, so concurrent writers cannot deadlock.
    const posts = [...parents]
      .map(([id, fields]) => ({ id, ...fields }))
      .sort((a, b) => a.id.localeCompare(b.id));
    await this.database.transaction((manager) =>
      this.postCache.remember(manager, posts, this.clock.nowMs()),
    );
  }
}
