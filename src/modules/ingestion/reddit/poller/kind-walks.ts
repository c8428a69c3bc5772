import type { RedditComment, RedditItem } from '../../reddit-item.js';
import type { KindWalk } from '../id-walk.js';
import { latestCreationMs } from '../id-timeline.js';
import type { ListingKind } from '../reddit-id.js';
import { idToNumber, itemKind, itemNumber } from '../reddit-id.js';

export type KindWalks = Record<ListingKind, KindWalk>;

export const KINDS: readonly ListingKind[] = ['posts', 'comments'];

/** Bounds the age of unseen ids: by each item, and a post by each comment made on it. */
export function observeItems(walks: KindWalks, items: readonly RedditItem[]): void {
  for (const kind of KINDS) {
    walks[kind].timeline.observeAll(
      items
        .filter((item) => itemKind(item) === kind)
        .map((item) => ({ id: itemNumber(item), createdMs: latestCreationMs(item.createdUtc) })),
    );
  }
  walks.posts.timeline.observeAll(
    items
      .filter((item): item is RedditComment => item.type === 'comment')
      .map((comment) => ({
        id: idToNumber(comment.postId),
        createdMs: latestCreationMs(comment.createdUtc),
      })),
  );
}
