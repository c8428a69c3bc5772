import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The operator console's audit log (issue #26): one row per operator action, who (operator id and
 * email, kept as they were), what, when, and the changed fields before and after as JSON. No
 * foreign keys: an entry outlives the operator or account it names, until retention prunes it.
 */
export class OpsAuditEntries1763701900000 implements MigrationInterface {
  name = 'OpsAuditEntries1763701900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'audit_entries',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'account_id', type: 'varchar', length: '36', isNullable: true },
          { name: 'operator_id', type: 'varchar', length: '36' },
          { name: 'operator_email', type: 'varchar', length: '254' },
          { name: 'action', type: 'varchar', length: '40' },
          { name: 'target', type: 'varchar', length: '300' },
          { name: 'before_json', type: 'text', isNullable: true },
          { name: 'after_json', type: 'text', isNullable: true },
          { name: 'created_at', type: 'bigint' },
        ],
        indices: [
          new TableIndex({
            name: 'idx_audit_entries_account',
            columnNames: ['account_id', 'created_at'],
          }),
          new TableIndex({ name: 'idx_audit_entries_created', columnNames: ['created_at'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('audit_entries');
  }
}
