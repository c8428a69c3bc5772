import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Database } from '../../database/database.js';
import { valuesClause } from '../../database/sql-lists.js';
import type { ParentPostFields, RedditPost } from './reddit-item.js';

const INSERT_CHUNK = 100;

/** A post as the cache keeps it: the pipeline's posts, or parents the poller looked up. */
export type CachedPost = ParentPostFields & Pick<RedditPost, 'id'>;

interface CachedPostRow {
  post_id: string;
  title: string;
  selftext: string;
  score: number | string;
  num_comments: number | string;
  link_flair: string | null;
  /** boolean on PostgreSQL, 0 or 1 on SQLite. */
  nsfw: boolean | number;
  is_self: boolean | number;
}

/** Recent posts, kept for a bounded time, so comments carry their parent's fields. */
@Injectable()
export class PostCacheStore {
  constructor(private readonly database: Database) {}

  async find(postIds: string[]): Promise<Map<string, ParentPostFields>> {
    const found = new Map<string, ParentPostFields>();
    for (let start = 0; start < postIds.length; start += 500) {
      const chunk = postIds.slice(start, start + 500);
      const rows = await this.database.query<CachedPostRow>(
        this.database.manager,
        `SELECT post_id, title, selftext, score, num_comments, link_flair, nsfw, is_self
         FROM posts_cache WHERE post_id IN (:...ids)`,
        { ids: chunk },
      );
      for (const row of rows) {
        found.set(row.post_id, {
          title: row.title,
          selftext: row.selftext,
          score: Number(row.score),
          numComments: Number(row.num_comments),
          flair: row.link_flair,
          nsfw: Boolean(row.nsfw),
          isSelf: Boolean(row.is_self),
        });
      }
    }
    return found;
  }

  async remember(manager: EntityManager, posts: readonly CachedPost[], now: number): Promise<void> {
    for (let start = 0; start < posts.length; start += INSERT_CHUNK) {
      const chunk = posts.slice(start, start + INSERT_CHUNK);
      const values = valuesClause(
        chunk.map((post) => [
          post.id,
          post.title,
          post.selftext,
          post.score,
          post.numComments,
          post.flair,
          post.nsfw,
          post.isSelf,
          now,
        ]),
      );
      await this.database.query(
        manager,
        `INSERT INTO posts_cache
           (post_id, title, selftext, score, num_comments, link_flair, nsfw, is_self, cached_at)
         VALUES ${values.sql}
         ON CONFLICT (post_id) DO UPDATE SET title = excluded.title, selftext = excluded.selftext,
           score = excluded.score, num_comments = excluded.num_comments,
           link_flair = excluded.link_flair, nsfw = excluded.nsfw, is_self = excluded.is_self,
           cached_at = excluded.cached_at`,
        values.parameters,
      );
    }
  }

  async pruneOlderThan(cutoff: number, batchSize: number): Promise<number> {
    return this.database.deleteInBatches('posts_cache', 'post_id', 'cached_at', cutoff, batchSize);
  }
}
