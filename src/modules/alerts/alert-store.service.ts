import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Database } from '../../database/database.js';
import type { AlertEntity } from './alert.entity.js';

/** Writes alerts; one alert per (keyword, post or comment), enforced by a unique index. */
@Injectable()
export class AlertStore {
  constructor(private readonly database: Database) {}

  /** Inserts the alert unless the same keyword already has one for that item; true when inserted. */
  async insertIfNew(manager: EntityManager, alert: AlertEntity): Promise<boolean> {
    const rows = await this.database.query(
      manager,
      `INSERT INTO alerts (id, account_id, keyword_id, keyword_text, event, reddit_id, title, subreddit,
                           subreddit_key, author, selftext, url, upvotes, replies, created_utc, comment,
                           comment_upvotes, matched_at)
       VALUES (:id, :accountId, :keywordId, :keywordText, :event, :redditId, :title, :subreddit,
               :subredditKey, :author, :selftext, :url, :upvotes, :replies, :createdUtc, :comment,
               :commentUpvotes, :matchedAt)
       ON CONFLICT (keyword_id, event, reddit_id) DO NOTHING
       RETURNING id`,
      { ...alert },
    );
    return rows.length === 1;
  }
}
