import { TableCheck, type MigrationInterface, type QueryRunner } from 'typeorm';

const CHECK = 'ck_users_role';

/** Sets users.role's default and its check to `roles`, first renaming the rows `from` → `to`. */
async function setRoles(
  queryRunner: QueryRunner,
  roles: string[],
  defaultRole: string,
  rename: { from: string; to: string },
): Promise<void> {
  await queryRunner.dropCheckConstraint('users', CHECK);
  await queryRunner.query(`UPDATE users SET role = '${rename.to}' WHERE role = '${rename.from}'`);
  const table = await queryRunner.getTable('users');
  const column = table?.findColumnByName('role');
  if (table === undefined || column === undefined) throw new Error('users.role is missing');
  const changed = column.clone();
  changed.default = `'${defaultRole}'`;
  await queryRunner.changeColumn(table, column, changed);
  const list = roles.map((role) => `'${role}'`).join(', ');
  await queryRunner.createCheckConstraint(
    'users',
    new TableCheck({ name: CHECK, expression: `role IN (${list})` }),
  );
}

/**
 * A user's role in their account (decisions section 15) in the one role column operators
 * already use: the users who exist before roles become owners, as do new ones by default.
 */
export class AccountRoles1763704000000 implements MigrationInterface {
  name = 'AccountRoles1763704000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await setRoles(queryRunner, ['owner', 'admin', 'member', 'viewer', 'operator'], 'owner', {
      from: 'user',
      to: 'owner',
    });
  }

  /** Back to one kind of account user: every role becomes 'user'. */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      "UPDATE users SET role = 'owner' WHERE role IN ('admin', 'member', 'viewer')",
    );
    await setRoles(queryRunner, ['user', 'operator'], 'user', { from: 'owner', to: 'user' });
  }
}
