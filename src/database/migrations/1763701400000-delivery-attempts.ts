import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/** How many times each delivery was attempted: 1 for every row attempted so far, more once redelivered. */
export class DeliveryAttempts1763701400000 implements MigrationInterface {
  name = 'DeliveryAttempts1763701400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'deliveries',
      new TableColumn({ name: 'attempts', type: 'integer', default: 0 }),
    );
    await queryRunner.query('UPDATE deliveries SET attempts = 1 WHERE attempted_at IS NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('deliveries', 'attempts');
  }
}
