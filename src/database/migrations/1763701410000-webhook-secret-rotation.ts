import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/** The secret a rotation replaced, still signing beside the new one for a while (sealed or plain, as secret). */
export class WebhookSecretRotation1763701410000 implements MigrationInterface {
  name = 'WebhookSecretRotation1763701410000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('webhooks', [
      new TableColumn({
        name: 'previous_secret',
        type: 'varchar',
        length: '200',
        isNullable: true,
      }),
      new TableColumn({ name: 'secret_rotated_at', type: 'bigint', isNullable: true }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('webhooks', 'secret_rotated_at');
    await queryRunner.dropColumn('webhooks', 'previous_secret');
  }
}
