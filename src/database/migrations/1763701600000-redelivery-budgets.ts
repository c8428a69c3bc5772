import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per account, how many deliveries its redeliveries queued in the current clock hour: one row an
 * account, reset by the first redelivery of a new hour.
 */
export class RedeliveryBudgets1763701600000 implements MigrationInterface {
  name = 'RedeliveryBudgets1763701600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE redelivery_budgets (
         account_id varchar(36) PRIMARY KEY NOT NULL,
         hour_start bigint NOT NULL,
         queued integer NOT NULL
       )`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE redelivery_budgets');
  }
}
