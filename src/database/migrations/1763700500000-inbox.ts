import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** The App product: searches, their keywords and the inbox items they collect. */
export class Inbox1763700500000 implements MigrationInterface {
  name = 'Inbox1763700500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'searches',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'account_id', type: 'varchar', length: '36' },
          { name: 'name', type: 'varchar', length: '100' },
          { name: 'description', type: 'text', isNullable: true },
          { name: 'active', type: 'boolean' },
          { name: 'revision', type: 'integer' },
          { name: 'created_at', type: 'bigint' },
          { name: 'updated_at', type: 'bigint' },
          { name: 'deleted_at', type: 'bigint', isNullable: true },
        ],
        indices: [
          new TableIndex({ name: 'idx_searches_account', columnNames: ['account_id'] }),
          new TableIndex({ name: 'idx_searches_updated', columnNames: ['updated_at'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'search_keywords',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'search_id', type: 'varchar', length: '36' },
          { name: 'position', type: 'integer' },
          { name: 'text', type: 'varchar', length: '400' },
          { name: 'normalized_text', type: 'varchar', length: '400' },
          { name: 'mode', type: 'varchar', length: '16' },
        ],
        indices: [
          new TableIndex({
            name: 'uq_search_keywords_text',
            columnNames: ['search_id', 'normalized_text'],
            isUnique: true,
          }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'inbox_items',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'account_id', type: 'varchar', length: '36' },
          { name: 'search_id', type: 'varchar', length: '36' },
          { name: 'item_key', type: 'varchar', length: '40' },
          { name: 'post_id', type: 'varchar', length: '32' },
          { name: 'post_title', type: 'text' },
          { name: 'post_url', type: 'varchar', length: '2048' },
          { name: 'post_author', type: 'varchar', length: '100' },
          { name: 'post_subreddit', type: 'varchar', length: '100' },
          { name: 'post_content', type: 'text' },
          { name: 'post_created_utc', type: 'bigint' },
          { name: 'post_score', type: 'integer' },
          { name: 'post_num_comments', type: 'integer' },
          { name: 'relevance_score', type: 'integer' },
          { name: 'type', type: 'varchar', length: '16' },
          { name: 'is_read', type: 'boolean' },
          { name: 'is_declined', type: 'boolean' },
          { name: 'matched_keyword', type: 'varchar', length: '400' },
          { name: 'comment_id', type: 'varchar', length: '32', isNullable: true },
          { name: 'comment_content', type: 'text', isNullable: true },
          { name: 'created_at', type: 'bigint' },
        ],
        indices: [
          new TableIndex({
            name: 'uq_inbox_items_search_item',
            columnNames: ['search_id', 'item_key'],
            isUnique: true,
          }),
          new TableIndex({
            name: 'idx_inbox_items_account_created',
            columnNames: ['account_id', 'created_at'],
          }),
          new TableIndex({
            name: 'idx_inbox_items_search_created',
            columnNames: ['search_id', 'created_at'],
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['inbox_items', 'search_keywords', 'searches']) {
      await queryRunner.dropTable(table);
    }
  }
}
