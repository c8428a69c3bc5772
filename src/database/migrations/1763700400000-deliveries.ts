import {
  Table,
  TableForeignKey,
  TableIndex,
  type MigrationInterface,
  type QueryRunner,
} from 'typeorm';

/** The webhook delivery outbox: one row per (alert, webhook), written with the alert. */
export class Deliveries1763700400000 implements MigrationInterface {
  name = 'Deliveries1763700400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'deliveries',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'alert_id', type: 'varchar', length: '36' },
          { name: 'webhook_id', type: 'varchar', length: '36' },
          { name: 'account_id', type: 'varchar', length: '36' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'created_at', type: 'bigint' },
          { name: 'claimed_until', type: 'bigint', isNullable: true },
          { name: 'attempted_at', type: 'bigint', isNullable: true },
          { name: 'http_status', type: 'integer', isNullable: true },
          { name: 'error', type: 'varchar', length: '500', isNullable: true },
          { name: 'duration_ms', type: 'integer', isNullable: true },
        ],
        indices: [
          new TableIndex({
            name: 'uq_deliveries_alert_webhook',
            columnNames: ['alert_id', 'webhook_id'],
            isUnique: true,
          }),
          // Only the open rows, in claim order, with what the claim filters on: stays as small as
          // the queue however long the history grows.
          new TableIndex({
            name: 'idx_deliveries_open',
            columnNames: ['id', 'webhook_id', 'status', 'claimed_until'],
            where: "status IN ('pending', 'sending')",
          }),
          new TableIndex({
            name: 'idx_deliveries_webhook_created',
            columnNames: ['webhook_id', 'created_at'],
          }),
        ],
        foreignKeys: [
          // Deleting old alerts (retention) takes their deliveries with them.
          new TableForeignKey({
            name: 'fk_deliveries_alert',
            columnNames: ['alert_id'],
            referencedTableName: 'alerts',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('deliveries');
  }
}
