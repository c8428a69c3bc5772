import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * decisions section 15: a user sees their sessions, so each keeps the User-Agent it signed in
 * with (truncated, SESSION_USER_AGENT_MAX_LENGTH). Sessions made before it have none (null).
 */
export class SessionBrowsers1763704150000 implements MigrationInterface {
  name = 'SessionBrowsers1763704150000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE sessions ADD COLUMN user_agent varchar(256)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE sessions DROP COLUMN user_agent');
  }
}
