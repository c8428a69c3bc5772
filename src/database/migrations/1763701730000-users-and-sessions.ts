import {
  Table,
  TableForeignKey,
  TableIndex,
  type MigrationInterface,
  type QueryRunner,
} from 'typeorm';

/**
 * Dashboard users and their sign-in sessions, and when each API key was last used.
 * A user belongs to one account; `account_id` is null only for the operators of a later issue.
 * `email_key` is the lower-cased email, unique, so emails are compared case-insensitively
 * whatever either database's collation does. A session is stored as a SHA-256 of its token only.
 */
export class UsersAndSessions1763701730000 implements MigrationInterface {
  name = 'UsersAndSessions1763701730000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'users',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'account_id', type: 'varchar', length: '36', isNullable: true },
          { name: 'email', type: 'varchar', length: '254' },
          { name: 'email_key', type: 'varchar', length: '254' },
          { name: 'password_hash', type: 'varchar', length: '200' },
          { name: 'role', type: 'varchar', length: '16', default: "'user'" },
          { name: 'created_at', type: 'bigint' },
          { name: 'password_changed_at', type: 'bigint' },
        ],
        checks: [{ name: 'ck_users_role', expression: "role IN ('user', 'operator')" }],
        indices: [
          new TableIndex({ name: 'uq_users_email_key', columnNames: ['email_key'], isUnique: true }),
          new TableIndex({ name: 'idx_users_account', columnNames: ['account_id'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'fk_users_account',
            columnNames: ['account_id'],
            referencedTableName: 'accounts',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'sessions',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'user_id', type: 'varchar', length: '36' },
          { name: 'token_hash', type: 'varchar', length: '64' },
          { name: 'csrf_token', type: 'varchar', length: '64' },
          { name: 'created_at', type: 'bigint' },
          { name: 'last_seen_at', type: 'bigint' },
        ],
        indices: [
          new TableIndex({
            name: 'uq_sessions_token_hash',
            columnNames: ['token_hash'],
            isUnique: true,
          }),
          new TableIndex({ name: 'idx_sessions_user', columnNames: ['user_id'] }),
          new TableIndex({ name: 'idx_sessions_created', columnNames: ['created_at'] }),
          new TableIndex({ name: 'idx_sessions_last_seen', columnNames: ['last_seen_at'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'fk_sessions_user',
            columnNames: ['user_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );
    await queryRunner.query('ALTER TABLE api_keys ADD COLUMN last_used_at bigint');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE api_keys DROP COLUMN last_used_at');
    await queryRunner.dropTable('sessions');
    await queryRunner.dropTable('users');
  }
}
