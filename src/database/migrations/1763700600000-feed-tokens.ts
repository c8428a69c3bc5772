import {
  Table,
  TableForeignKey,
  TableIndex,
  type MigrationInterface,
  type QueryRunner,
} from 'typeorm';

/** Feed tokens: at most one per account, stored as a SHA-256 only. */
export class FeedTokens1763700600000 implements MigrationInterface {
  name = 'FeedTokens1763700600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'feed_tokens',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'account_id', type: 'varchar', length: '36' },
          { name: 'token_hash', type: 'varchar', length: '64' },
          { name: 'token_prefix', type: 'varchar', length: '16' },
          { name: 'created_at', type: 'bigint' },
        ],
        indices: [
          new TableIndex({
            name: 'uq_feed_tokens_account',
            columnNames: ['account_id'],
            isUnique: true,
          }),
          new TableIndex({
            name: 'uq_feed_tokens_hash',
            columnNames: ['token_hash'],
            isUnique: true,
          }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'fk_feed_tokens_account',
            columnNames: ['account_id'],
            referencedTableName: 'accounts',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('feed_tokens');
  }
}
