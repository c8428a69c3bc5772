import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A webhook's format (json, slack, discord); every webhook stored before it keeps the spec's JSON. */
export class WebhookFormats1763702000000 implements MigrationInterface {
  name = 'WebhookFormats1763702000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      "ALTER TABLE webhooks ADD COLUMN format varchar(16) NOT NULL DEFAULT 'json'",
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE webhooks DROP COLUMN format');
  }
}
