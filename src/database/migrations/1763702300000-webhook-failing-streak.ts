import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a webhook's failing streak began and when its account was told it had lasted 3 days
 * (decisions section 16). A streak already running counts from its latest attempt, the earliest
 * time the table still holds, so its notice comes at most that much late, never early.
 */
export class WebhookFailingStreak1763702300000 implements MigrationInterface {
  name = 'WebhookFailingStreak1763702300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE webhooks ADD COLUMN failing_since bigint');
    await queryRunner.query('ALTER TABLE webhooks ADD COLUMN failing_notice_at bigint');
    await queryRunner.query(
      'UPDATE webhooks SET failing_since = last_delivery_at WHERE consecutive_failures > 0',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE webhooks DROP COLUMN failing_notice_at');
    await queryRunner.query('ALTER TABLE webhooks DROP COLUMN failing_since');
  }
}
