import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The account's audit log (decisions section 15): one row per change a user or an API key made,
 * who (user id and email, or key id and prefix, as they were), what, on which resource, when, and
 * the changed fields before and after as JSON, never a secret. Apart from the operators' log
 * (audit_entries): an account's admins read this one. No foreign keys: an entry outlives the user,
 * key or resource it names, until retention prunes it.
 */
export class AccountAuditEntries1763704400000 implements MigrationInterface {
  name = 'AccountAuditEntries1763704400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'account_audit_entries',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'account_id', type: 'varchar', length: '36' },
          { name: 'actor_type', type: 'varchar', length: '8' },
          { name: 'actor_id', type: 'varchar', length: '36' },
          { name: 'actor_label', type: 'varchar', length: '254' },
          { name: 'action', type: 'varchar', length: '60' },
          { name: 'resource_type', type: 'varchar', length: '40' },
          { name: 'resource_id', type: 'varchar', length: '64' },
          { name: 'before_json', type: 'text', isNullable: true },
          { name: 'after_json', type: 'text', isNullable: true },
          { name: 'created_at', type: 'bigint' },
        ],
        indices: [
          new TableIndex({
            name: 'idx_account_audit_entries_account',
            columnNames: ['account_id', 'created_at'],
          }),
          new TableIndex({
            name: 'idx_account_audit_entries_created',
            columnNames: ['created_at'],
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('account_audit_entries');
  }
}
