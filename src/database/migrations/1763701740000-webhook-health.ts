import { TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

const INDEX = 'idx_deliveries_webhook_attempted';

/**
 * Deliveries by webhook and time of their latest attempt: a webhook's success rate over the last
 * 24 hours reads that day's rows only, however long its history.
 */
export class WebhookHealth1763701740000 implements MigrationInterface {
  name = 'WebhookHealth1763701740000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex(
      'deliveries',
      new TableIndex({ name: INDEX, columnNames: ['webhook_id', 'attempted_at'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('deliveries', INDEX);
  }
}
