import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * decisions section 15: a key's scope (`read` or `write`) and optional expiry. Every key made
 * before it keeps doing everything, so existing keys become `write` and never expire.
 */
export class KeyScopes1763704100000 implements MigrationInterface {
  name = 'KeyScopes1763704100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      "ALTER TABLE api_keys ADD COLUMN scope varchar(8) NOT NULL DEFAULT 'write'",
    );
    await queryRunner.query('ALTER TABLE api_keys ADD COLUMN expires_at bigint');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE api_keys DROP COLUMN expires_at');
    await queryRunner.query('ALTER TABLE api_keys DROP COLUMN scope');
  }
}
