import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Invitations to an account's team (docs/teams.md, Invitations): the email, the role it gives,
 * who invited, and the link's token as its SHA-256 only. A row stays once accepted or revoked,
 * so that a used link is told apart from an unknown one.
 */
export class Invitations1763704300000 implements MigrationInterface {
  name = 'Invitations1763704300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE invitations (
         id varchar(36) PRIMARY KEY NOT NULL,
         account_id varchar(36) NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
         email varchar(254) NOT NULL,
         email_key varchar(254) NOT NULL,
         role varchar(16) NOT NULL,
         token_hash varchar(64) NOT NULL,
         invited_by varchar(254) NOT NULL,
         created_at bigint NOT NULL,
         expires_at bigint NOT NULL,
         accepted_at bigint,
         revoked_at bigint
       )`,
    );
    await queryRunner.query('CREATE UNIQUE INDEX uq_invitations_token ON invitations (token_hash)');
    await queryRunner.query('CREATE INDEX idx_invitations_email ON invitations (email_key)');
    await queryRunner.query(
      'CREATE INDEX idx_invitations_account ON invitations (account_id, created_at)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE invitations');
  }
}
