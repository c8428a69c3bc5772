import { TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

const NAME = 'idx_alerts_account_subreddit';

const bySubreddit = (columnNames: string[]) => new TableIndex({ name: NAME, columnNames });

/**
 * An account's alerts of one subreddit in the listing's own order (matched_at, then id), so a
 * page filtered by subreddit reads its 50 rows from the index and sorts nothing. Without the id
 * SQLite preferred walking all of the account's alerts in time order, checking each one's
 * subreddit: 5 ms for a rare subreddit in an account of 10,000 alerts, and growing with it.
 */
export class AlertsBySubredditInOrder1763701750000 implements MigrationInterface {
  name = 'AlertsBySubredditInOrder1763701750000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('alerts', NAME);
    await queryRunner.createIndex(
      'alerts',
      bySubreddit(['account_id', 'subreddit_key', 'matched_at', 'id']),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('alerts', NAME);
    await queryRunner.createIndex(
      'alerts',
      bySubreddit(['account_id', 'subreddit_key', 'matched_at']),
    );
  }
}
