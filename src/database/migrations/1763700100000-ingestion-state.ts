import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

export class IngestionState1763700100000 implements MigrationInterface {
  name = 'IngestionState1763700100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'seen_items',
        columns: [
          { name: 'item_key', type: 'varchar', length: '40', isPrimary: true },
          { name: 'seen_at', type: 'bigint' },
        ],
        indices: [new TableIndex({ name: 'idx_seen_items_seen_at', columnNames: ['seen_at'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'posts_cache',
        columns: [
          { name: 'post_id', type: 'varchar', length: '32', isPrimary: true },
          { name: 'title', type: 'text' },
          { name: 'selftext', type: 'text' },
          { name: 'score', type: 'integer' },
          { name: 'num_comments', type: 'integer' },
          { name: 'cached_at', type: 'bigint' },
        ],
        indices: [
          new TableIndex({ name: 'idx_posts_cache_cached_at', columnNames: ['cached_at'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'ingest_state',
        columns: [
          { name: 'name', type: 'varchar', length: '64', isPrimary: true },
          { name: 'value', type: 'text' },
          { name: 'updated_at', type: 'bigint' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['ingest_state', 'posts_cache', 'seen_items'])
      await queryRunner.dropTable(table);
  }
}
