import {
  Table,
  TableForeignKey,
  TableIndex,
  type MigrationInterface,
  type QueryRunner,
} from 'typeorm';

const RETRIES_DUE = 'idx_deliveries_retries_due';

/**
 * Opt-in retries (decisions.md section 16): a webhook's retry_policy; on each delivery when its
 * waiting retry is due, how many the automatic series has scheduled, and why the row is in the
 * outbox; one row per attempt in delivery_attempts. A delivery attempted before keeps its latest
 * attempt there, the only one the table held (earlier redeliveries overwrote theirs).
 */
export class DeliveryRetries1763702400000 implements MigrationInterface {
  name = 'DeliveryRetries1763702400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      "ALTER TABLE webhooks ADD COLUMN retry_policy varchar(16) NOT NULL DEFAULT 'none'",
    );
    await queryRunner.query('ALTER TABLE deliveries ADD COLUMN retry_at bigint');
    await queryRunner.query('ALTER TABLE deliveries ADD COLUMN retries integer NOT NULL DEFAULT 0');
    await queryRunner.query(
      "ALTER TABLE deliveries ADD COLUMN attempt_trigger varchar(16) NOT NULL DEFAULT 'automatic'",
    );
    // Only the waiting retries, in the order they fall due: as small as what waits.
    await queryRunner.createIndex(
      'deliveries',
      new TableIndex({
        name: RETRIES_DUE,
        columnNames: ['retry_at', 'id'],
        where: "status = 'retrying'",
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'delivery_attempts',
        columns: [
          { name: 'delivery_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'attempt', type: 'integer', isPrimary: true },
          { name: 'attempt_trigger', type: 'varchar', length: '16' },
          { name: 'attempted_at', type: 'bigint' },
          { name: 'http_status', type: 'integer', isNullable: true },
          { name: 'error', type: 'varchar', length: '500', isNullable: true },
          { name: 'duration_ms', type: 'integer', isNullable: true },
          { name: 'retry_at', type: 'bigint', isNullable: true },
        ],
        foreignKeys: [
          // A delivery's attempts go with it (and so with its alert, at retention).
          new TableForeignKey({
            name: 'fk_delivery_attempts_delivery',
            columnNames: ['delivery_id'],
            referencedTableName: 'deliveries',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );
    await queryRunner.query(
      `INSERT INTO delivery_attempts
         (delivery_id, attempt, attempt_trigger, attempted_at, http_status, error, duration_ms)
       SELECT id, attempts, CASE WHEN attempts = 1 THEN 'automatic' ELSE 'redelivery' END,
              attempted_at, http_status, error, duration_ms
         FROM deliveries WHERE attempts > 0 AND attempted_at IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('delivery_attempts');
    // A waiting retry becomes the failure it was after its last attempt.
    await queryRunner.query("UPDATE deliveries SET status = 'failed' WHERE status = 'retrying'");
    await queryRunner.dropIndex('deliveries', RETRIES_DUE);
    await queryRunner.query('ALTER TABLE deliveries DROP COLUMN attempt_trigger');
    await queryRunner.query('ALTER TABLE deliveries DROP COLUMN retries');
    await queryRunner.query('ALTER TABLE deliveries DROP COLUMN retry_at');
    await queryRunner.query('ALTER TABLE webhooks DROP COLUMN retry_policy');
  }
}
