import type { ParentPostFields, RedditComment } from '../reddit-item.js';
import type { RedditApi } from './reddit-api.js';
import { toInfoBatches } from './reddit-api.js';
import { fullnameOf } from './reddit-id.js';
import type { RequestBudget } from './request-budget.js';

/**
 * Fetches parent posts through /api/info, 100 per call. Posts Reddit no longer shows, and those
 * beyond the budget, are absent from the result.
 */
export class ParentPostLookup {
  constructor(private readonly api: Pick<RedditApi, 'info'>) {}

  /** Parents of comments whose parents are unknown: postId → parent fields. */
  lookup(
    comments: readonly RedditComment[],
    budget?: RequestBudget,
  ): Promise<Map<string, ParentPostFields>> {
    return this.fetch(
      comments.map((comment) => comment.postId),
      budget,
    );
  }

  /** The same by post id (base 36, no t3_ prefix). */
  async fetch(
    postIds: readonly string[],
    budget?: RequestBudget,
  ): Promise<Map<string, ParentPostFields>> {
    const fullnames = [...new Set(postIds)].map((id) => fullnameOf('posts', id));
    const parents = new Map<string, ParentPostFields>();
    for (const batch of toInfoBatches(fullnames)) {
      if (budget !== undefined && !budget.tryTake()) break;
      for (const item of await this.api.info(batch)) {
        if (item.type !== 'post') continue;
        const { title, selftext, score, numComments } = item;
        parents.set(item.id, { title, selftext, score, numComments });
      }
    }
    return parents;
  }
}
