import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Email subscriptions (docs/email.md): the subscriptions, the outbox of instant mail (one row per
 * alert and subscription, written with the alert) and each account's mails per clock hour.
 * The confirmation token is stored as its SHA-256 only; the unsubscribe token, which only ends
 * its subscription and goes into every mail, as it is.
 */
export class EmailSubscriptions1763702100000 implements MigrationInterface {
  name = 'EmailSubscriptions1763702100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE email_subscriptions (
         id varchar(36) PRIMARY KEY NOT NULL,
         account_id varchar(36) NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
         email varchar(254) NOT NULL,
         frequency varchar(16) NOT NULL CHECK (frequency IN ('instant', 'hourly', 'daily')),
         keyword_ids text NOT NULL,
         status varchar(16) NOT NULL CHECK (status IN ('pending', 'active', 'unsubscribed')),
         confirm_token_hash varchar(64),
         confirm_expires_at bigint,
         unsubscribe_token varchar(64) NOT NULL,
         created_at bigint NOT NULL,
         confirmed_at bigint,
         unsubscribed_at bigint,
         digest_through bigint,
         last_sent_at bigint,
         last_error varchar(500),
         last_error_at bigint
       )`,
    );
    await queryRunner.query(
      'CREATE INDEX idx_email_subscriptions_account ON email_subscriptions (account_id, status)',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX uq_email_subscriptions_confirm ON email_subscriptions (confirm_token_hash)',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX uq_email_subscriptions_unsubscribe ON email_subscriptions (unsubscribe_token)',
    );
    await queryRunner.query(
      `CREATE TABLE mail_outbox (
         id varchar(36) PRIMARY KEY NOT NULL,
         subscription_id varchar(36) NOT NULL REFERENCES email_subscriptions (id) ON DELETE CASCADE,
         alert_id varchar(36) NOT NULL,
         status varchar(16) NOT NULL CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'canceled')),
         created_at bigint NOT NULL,
         not_before bigint NOT NULL,
         claimed_until bigint,
         sent_at bigint,
         error varchar(500)
       )`,
    );
    await queryRunner.query(
      `CREATE INDEX idx_mail_outbox_open ON mail_outbox (not_before, id)
       WHERE status IN ('pending', 'sending')`,
    );
    await queryRunner.query(
      `CREATE TABLE mail_hourly_counts (
         account_id varchar(36) NOT NULL,
         hour_start bigint NOT NULL,
         sent integer NOT NULL,
         PRIMARY KEY (account_id, hour_start)
       )`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE mail_hourly_counts');
    await queryRunner.query('DROP TABLE mail_outbox');
    await queryRunner.query('DROP TABLE email_subscriptions');
  }
}
