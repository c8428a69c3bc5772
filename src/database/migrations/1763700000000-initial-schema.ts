import {
  Table,
  TableIndex,
  type MigrationInterface,
  type QueryRunner,
  type TableColumnOptions,
} from 'typeorm';

const id = (name = 'id'): TableColumnOptions => ({
  name,
  type: 'varchar',
  length: '36',
  isPrimary: name === 'id',
});
const ref = (name: string): TableColumnOptions => ({ name, type: 'varchar', length: '36' });
const millis = (name: string, nullable = false): TableColumnOptions => ({
  name,
  type: 'bigint',
  isNullable: nullable,
});
const text = (name: string, length?: number, nullable = false): TableColumnOptions =>
  length === undefined
    ? { name, type: 'text', isNullable: nullable }
    : { name, type: 'varchar', length: String(length), isNullable: nullable };
const int = (name: string, nullable = false): TableColumnOptions => ({
  name,
  type: 'integer',
  isNullable: nullable,
});
const bool = (name: string): TableColumnOptions => ({ name, type: 'boolean' });

export class InitialSchema1763700000000 implements MigrationInterface {
  name = 'InitialSchema1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'accounts',
        columns: [
          id(),
          text('name', 200),
          text('product', 16),
          text('plan', 16),
          text('status', 16),
          millis('created_at'),
          millis('updated_at'),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'api_keys',
        columns: [
          id(),
          ref('account_id'),
          text('key_hash', 64),
          text('key_prefix', 16),
          millis('created_at'),
          millis('revoked_at', true),
        ],
        indices: [
          new TableIndex({ name: 'uq_api_keys_hash', columnNames: ['key_hash'], isUnique: true }),
          new TableIndex({ name: 'idx_api_keys_account', columnNames: ['account_id'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'keywords',
        columns: [
          id(),
          ref('account_id'),
          text('text', 400),
          text('normalized_text', 400),
          text('mode', 16),
          bool('active'),
          bool('track_posts'),
          bool('track_comments'),
          millis('created_at'),
          millis('updated_at'),
          millis('deleted_at', true),
        ],
        indices: [
          new TableIndex({
            name: 'uq_keywords_account_text',
            columnNames: ['account_id', 'normalized_text'],
            isUnique: true,
          }),
          new TableIndex({ name: 'idx_keywords_updated', columnNames: ['updated_at'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'webhooks',
        columns: [
          id(),
          ref('account_id'),
          text('name', 80),
          text('url', 2048),
          text('secret', 64),
          bool('active'),
          millis('last_delivery_at', true),
          int('total_deliveries'),
          text('last_error', 500, true),
          int('consecutive_failures'),
          millis('created_at'),
          millis('deleted_at', true),
        ],
        indices: [new TableIndex({ name: 'idx_webhooks_account', columnNames: ['account_id'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'keyword_daily_usage',
        columns: [
          { name: 'keyword_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'day', type: 'varchar', length: '10', isPrimary: true },
          int('delivered'),
          int('capped'),
          int('daily_cap'),
          int('last_granted'),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'alerts',
        columns: [
          id(),
          ref('account_id'),
          ref('keyword_id'),
          text('keyword_text', 400),
          text('event', 16),
          text('reddit_id', 32),
          text('title'),
          text('subreddit', 100),
          text('subreddit_key', 100),
          text('author', 100),
          text('selftext'),
          text('url', 2048),
          int('upvotes'),
          int('replies'),
          millis('created_utc'),
          text('comment', undefined, true),
          int('comment_upvotes', true),
          millis('matched_at'),
        ],
        indices: [
          new TableIndex({
            name: 'idx_alerts_account_matched',
            columnNames: ['account_id', 'matched_at', 'id'],
          }),
          new TableIndex({
            name: 'idx_alerts_keyword_matched',
            columnNames: ['keyword_id', 'matched_at', 'id'],
          }),
          new TableIndex({
            name: 'idx_alerts_account_subreddit',
            columnNames: ['account_id', 'subreddit_key', 'matched_at'],
          }),
          new TableIndex({ name: 'idx_alerts_matched', columnNames: ['matched_at'] }),
          new TableIndex({
            name: 'uq_alerts_keyword_item',
            columnNames: ['keyword_id', 'event', 'reddit_id'],
            isUnique: true,
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'alerts',
      'keyword_daily_usage',
      'webhooks',
      'keywords',
      'api_keys',
      'accounts',
    ]) {
      await queryRunner.dropTable(table);
    }
  }
}
