import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Items that matched a keyword's query but for its `score:` or `comments:` clauses, to be looked
 * at again 1 h and 6 h after Reddit created them (decisions.md section 13, numbers that grow).
 * Written in the ingestion transaction, so a crash loses none; each row lives at most 6 hours.
 */
export class CountRechecks1763702700000 implements MigrationInterface {
  name = 'CountRechecks1763702700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'count_rechecks',
        columns: [
          { name: 'keyword_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'item_key', type: 'varchar', length: '32', isPrimary: true },
          { name: 'account_id', type: 'varchar', length: '36' },
          // A comment's post (t3_…), asked with it for its comment count; null for a post.
          { name: 'post_key', type: 'varchar', length: '32', isNullable: true },
          { name: 'created_utc', type: 'bigint' },
          { name: 'due_at', type: 'bigint' },
          { name: 'stage', type: 'smallint' },
        ],
      }),
    );
    await queryRunner.createIndex(
      'count_rechecks',
      new TableIndex({ name: 'idx_count_rechecks_due', columnNames: ['due_at', 'item_key'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('count_rechecks');
  }
}
