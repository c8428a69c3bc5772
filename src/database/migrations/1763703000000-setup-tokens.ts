import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The first start's setup links (docs/dashboard.md, First start): one row per link a start logged
 * while the service had no operator, kept as a SHA-256 of its token only, until its hour ends
 * (the next start deletes it) or setup completes (which deletes them all).
 */
export class SetupTokens1763703000000 implements MigrationInterface {
  name = 'SetupTokens1763703000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'setup_tokens',
        columns: [
          { name: 'token_hash', type: 'varchar', length: '64', isPrimary: true },
          { name: 'created_at', type: 'bigint' },
          { name: 'expires_at', type: 'bigint' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('setup_tokens');
  }
}
