import { TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

const ALERTS_BY_MATCHED_AT = 'idx_alerts_matched_at';

/**
 * The operator console's per-minute samples: each instance with background jobs writes the
 * deltas of its own counters (and a few gauges) once a minute; the console sums instances.
 * Alerts by matched_at: the console's lag over the last hour and the alerts stored per minute
 * read that hour or minute only, however long the history.
 */
export class OperationSamples1763701800000 implements MigrationInterface {
  name = 'OperationSamples1763701800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE operation_samples (
         minute bigint NOT NULL,
         instance_id varchar(120) NOT NULL,
         metric varchar(60) NOT NULL,
         subject varchar(120) NOT NULL,
         value double precision NOT NULL,
         PRIMARY KEY (minute, instance_id, metric, subject)
       )`,
    );
    await queryRunner.query(
      'CREATE INDEX idx_operation_samples_metric_minute ON operation_samples (metric, minute)',
    );
    await queryRunner.createIndex(
      'alerts',
      new TableIndex({ name: ALERTS_BY_MATCHED_AT, columnNames: ['matched_at'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('alerts', ALERTS_BY_MATCHED_AT);
    await queryRunner.query('DROP TABLE operation_samples');
  }
}
