import { TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** An index over the open deliveries only, which stays as small as the queue. */
function openRowsIndex(name: string, columnNames: string[]): TableIndex {
  return new TableIndex({ name, columnNames, where: "status IN ('pending', 'sending')" });
}

const byWebhook = () =>
  openRowsIndex('idx_deliveries_open_lanes', ['webhook_id', 'id', 'status', 'claimed_until']);
const inIdOrder = () =>
  openRowsIndex('idx_deliveries_open', ['id', 'webhook_id', 'status', 'claimed_until']);

/**
 * Open deliveries by webhook, then in claim order: the worker reads the oldest due rows of each
 * webhook (a lane) with a few index descents per webhook, instead of reading all open rows in id
 * order, which walked past the whole backlog of the slow webhooks it had to skip.
 */
export class DeliveryLanes1763700700000 implements MigrationInterface {
  name = 'DeliveryLanes1763700700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex('deliveries', byWebhook());
    await queryRunner.dropIndex('deliveries', inIdOrder().name as string);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex('deliveries', inIdOrder());
    await queryRunner.dropIndex('deliveries', byWebhook().name as string);
  }
}
