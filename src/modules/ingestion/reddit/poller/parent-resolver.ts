import type { RedditComment, RedditItem, RedditPost } from '../../reddit-item.js';
import { BoundedSet } from './bounded-set.js';

/** Where parent posts live for the pipeline (the posts cache). */
export interface ParentPostStore {
  known(postIds: readonly string[]): Promise<Set<string>>;
  /** Parent posts looked up on /api/info, stored before their comments reach the pipeline. */
  remember(posts: readonly RedditPost[]): Promise<void>;
}

export interface AdmitContext {
  /** Posts handed to the pipeline in the same batch. */
  postsAlongside: ReadonlySet<string>;
  /** Parents just looked up, found or not. */
  resolved?: ReadonlySet<string>;
}

const RECENT_POSTS_KEPT = 20_000;
/** Parents Reddit did not return, remembered so that their next comments cost no request. */
const MISSING_PARENTS_KEPT = 50_000;

/**
 * Makes sure the pipeline meets a comment's parent post first: a comment whose post is neither
 * handed over with it, nor handed over lately, nor in the posts cache waits while its post is
 * looked up (the poller asks `wanted()` in its next /api/info request).
 */
export class ParentResolver {
  private readonly held = new Map<string, RedditComment>();
  private readonly wantedParents = new Set<string>();
  /** Posts handed to the pipeline lately: their comments need no cache read (it may still be writing). */
  private readonly handedPosts = new BoundedSet<string>(RECENT_POSTS_KEPT);
  /** Parent posts /api/info did not return (removed, private): their comments use the fallback. */
  private readonly missingParents = new BoundedSet<string>(MISSING_PARENTS_KEPT);

  constructor(private readonly store: ParentPostStore) {}

  get hasWanted(): boolean {
    return this.wantedParents.size > 0;
  }

  /** Parent posts to look up, in the order comments first wanted them. */
  wanted(): string[] {
    return [...this.wantedParents];
  }

  /**
   * The comments, new and held before, whose parent is settled; the others are held and their
   * parents wanted.
   */
  async admit(comments: readonly RedditComment[], context: AdmitContext): Promise<RedditComment[]> {
    for (const comment of comments) this.held.set(comment.id, comment);
    const resolved = context.resolved ?? new Set<string>();
    const settled = (postId: string) =>
      context.postsAlongside.has(postId) ||
      resolved.has(postId) ||
      this.missingParents.has(postId) ||
      this.handedPosts.has(postId);
    const waiting = [...this.held.values()];
    const unknown = [
      ...new Set(waiting.map((comment) => comment.postId).filter((id) => !settled(id))),
    ];
    const cached = unknown.length === 0 ? new Set<string>() : await this.store.known(unknown);
    const ready: RedditComment[] = [];
    for (const comment of waiting) {
      if (settled(comment.postId) || cached.has(comment.postId)) {
        ready.push(comment);
        this.held.delete(comment.id);
      } else {
        this.wantedParents.add(comment.postId);
      }
    }
    return ready;
  }

  /**
   * Takes the answer to a look-up of `asked` parents: the posts found are stored, the others
   * remembered as missing. Returns how many were found.
   */
  async settle(asked: readonly string[], items: readonly RedditItem[]): Promise<number> {
    const wanted = new Set(asked);
    const found = items.filter(
      (item): item is RedditPost => item.type === 'post' && wanted.has(item.id),
    );
    if (found.length > 0) await this.store.remember(found);
    const returned = new Set(found.map((post) => post.id));
    for (const id of asked) {
      this.wantedParents.delete(id);
      if (!returned.has(id)) this.missingParents.add(id);
    }
    return found.length;
  }

  postsHandedOff(posts: readonly RedditPost[]): void {
    for (const post of posts) this.handedPosts.add(post.id);
  }

  /** Drops the held comments and wanted parents (the poller restarts from its stored state). */
  forget(): void {
    this.held.clear();
    this.wantedParents.clear();
  }
}
