import { TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** An index over the open deliveries only, which stays as small as the queue. */
function openRowsIndex(name: string, columnNames: string[]): TableIndex {
  return new TableIndex({ name, columnNames, where: "status IN ('pending', 'sending')" });
}

const BY_WEBHOOK = 'idx_deliveries_open_lanes';
const IN_ID_ORDER = 'idx_deliveries_open';

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
      openRowsIndex(BY_WEBHOOK, ['webhook_id', 'id', 'status', 'claimed_until']),
    );
    await queryRunner.dropIndex('deliveries', IN_ID_ORDER);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex(
      'deliveries',
      openRowsIndex(IN_ID_ORDER, ['id', 'webhook_id', 'status', 'claimed_until']),
    );
    await queryRunner.dropIndex('deliveries', BY_WEBHOOK);
  }
}
