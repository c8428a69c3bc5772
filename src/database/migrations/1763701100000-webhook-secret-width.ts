import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Room for a sealed secret (AES-256-GCM, "enc:v1:…", 132 characters) next to plain ones (64). */
const SEALED_WIDTH = 200;
const PLAIN_WIDTH = 64;

async function setSecretWidth(queryRunner: QueryRunner, width: number): Promise<void> {
  if (queryRunner.connection.options.type === 'postgres') {
    // In place: TypeORM's changeColumn would drop and re-add the column on PostgreSQL.
    await queryRunner.query(`ALTER TABLE webhooks ALTER COLUMN secret TYPE varchar(${width})`);
    return;
  }
  // SQLite does not enforce the width; the table is rebuilt so its definition says it anyway.
  const table = await queryRunner.getTable('webhooks');
  const column = table?.findColumnByName('secret');
  if (table === undefined || column === undefined) throw new Error('webhooks.secret is missing');
  const widened = column.clone();
  widened.length = String(width);
  await queryRunner.changeColumn(table, column, widened);
}

/** webhooks.secret may hold a secret sealed with WEBHOOK_SECRET_KEY. */
export class WebhookSecretWidth1763701100000 implements MigrationInterface {
  name = 'WebhookSecretWidth1763701100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await setSecretWidth(queryRunner, SEALED_WIDTH);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await setSecretWidth(queryRunner, PLAIN_WIDTH);
  }
}
