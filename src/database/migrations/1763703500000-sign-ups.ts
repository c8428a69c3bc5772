import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Self-service sign-up (docs/dashboard.md, Signing up): each sign-up waiting for its address to
 * be verified, or verified into an account, and the operator's switch that closes sign-up at
 * runtime. The verification token is stored as its SHA-256 only; the chosen password as its
 * hash only, until verification moves it to the new user (then null here).
 */
export class SignUps1763703500000 implements MigrationInterface {
  name = 'SignUps1763703500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE signups (
         id varchar(36) PRIMARY KEY NOT NULL,
         email varchar(254) NOT NULL,
         email_key varchar(254) NOT NULL,
         password_hash varchar(200),
         token_hash varchar(64) NOT NULL,
         created_at bigint NOT NULL,
         expires_at bigint NOT NULL,
         verified_at bigint,
         account_id varchar(36)
       )`,
    );
    await queryRunner.query('CREATE UNIQUE INDEX uq_signups_token ON signups (token_hash)');
    await queryRunner.query('CREATE INDEX idx_signups_email ON signups (email_key)');
    await queryRunner.query('CREATE INDEX idx_signups_created ON signups (created_at, id)');
    await queryRunner.query(
      `CREATE TABLE signup_settings (
         id integer PRIMARY KEY NOT NULL CHECK (id = 1),
         closed boolean NOT NULL,
         changed_at bigint NOT NULL,
         changed_by varchar(254) NOT NULL
       )`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE signup_settings');
    await queryRunner.query('DROP TABLE signups');
  }
}
