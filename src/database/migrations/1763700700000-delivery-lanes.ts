import { TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

const OPEN_ROWS = "status IN ('pending', 'sending')";

/**
 * Open deliveries by webhook, then in claim order: the worker reads the oldest due rows of each
 * webhook (a lane) with a few index descents per webhook, instead of reading all open rows in id
 * order, which walked past the whole backlog of the slow webhooks it had to skip.
 */
export class DeliveryLanes1763700700000 implements MigrationInterface {
  name = 'DeliveryLanes1763700700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex(
      'deliveries',
      new TableIndex({
        name: 'idx_deliveries_open_lanes',
        columnNames: ['webhook_id', 'id', 'status', 'claimed_until'],
        where: OPEN_ROWS,
      }),
    );
    await queryRunner.dropIndex('deliveries', 'idx_deliveries_open');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex(
      'deliveries',
      new TableIndex({
        name: 'idx_deliveries_open',
        columnNames: ['id', 'webhook_id', 'status', 'claimed_until'],
        where: OPEN_ROWS,
      }),
    );
    await queryRunner.dropIndex('deliveries', 'idx_deliveries_open_lanes');
  }
}
