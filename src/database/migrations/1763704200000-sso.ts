import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Single sign-on with OpenID Connect (docs/teams.md, Single sign-on): an account's provider (the
 * client secret sealed like webhook secrets), the email domains that lead to the account (a
 * domain belongs to one account at most, so an email names one account), and the sign-ins under
 * way: their state kept as a SHA-256 only, bound to the browser by the SHA-256 of a cookie's
 * secret, used once, for minutes.
 */
export class Sso1763704200000 implements MigrationInterface {
  name = 'Sso1763704200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE sso_settings (
         account_id varchar(36) PRIMARY KEY NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
         issuer varchar(2048) NOT NULL,
         client_id varchar(255) NOT NULL,
         client_secret varchar(1024) NOT NULL,
         sso_required boolean NOT NULL,
         created_at bigint NOT NULL,
         updated_at bigint NOT NULL
       )`,
    );
    await queryRunner.query(
      `CREATE TABLE sso_domains (
         domain varchar(253) PRIMARY KEY NOT NULL,
         account_id varchar(36) NOT NULL REFERENCES sso_settings (account_id) ON DELETE CASCADE
       )`,
    );
    await queryRunner.query('CREATE INDEX idx_sso_domains_account ON sso_domains (account_id)');
    await queryRunner.query(
      `CREATE TABLE sso_logins (
         state_hash varchar(64) PRIMARY KEY NOT NULL,
         browser_hash varchar(64) NOT NULL,
         account_id varchar(36) NOT NULL,
         created_at bigint NOT NULL,
         expires_at bigint NOT NULL
       )`,
    );
    await queryRunner.query('CREATE INDEX idx_sso_logins_expiry ON sso_logins (expires_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE sso_logins');
    await queryRunner.query('DROP TABLE sso_domains');
    await queryRunner.query('DROP TABLE sso_settings');
  }
}
