import type { ParentPostFields } from './reddit-item.js';

/**
 * The posts of the batches matched lately, at most `capacity` (the oldest forgotten first): the
 * parents of comments matched while the batch holding their post is still being stored, before
 * the posts cache has it (the dump import matches a batch while the one before is stored).
 */
export class RecentPosts {
  private readonly posts = new Map<string, ParentPostFields>();

  constructor(private readonly capacity: number) {}

  get(postId: string): ParentPostFields | undefined {
    return this.posts.get(postId);
  }

  remember(postId: string, fields: ParentPostFields): void {
    this.posts.delete(postId);
    this.posts.set(postId, fields);
    if (this.posts.size <= this.capacity) return;
    const oldest = this.posts.keys().next();
    if (oldest.done !== true) this.posts.delete(oldest.value);
  }
}
