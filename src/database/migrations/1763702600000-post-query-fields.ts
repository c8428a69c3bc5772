import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a query asks of a comment's post (decisions.md section 13: `flair:`, `nsfw:`, `self:`),
 * kept with the cached post. Posts cached before it read as text posts without flair, not NSFW,
 * until the poller sees them again.
 */
export class PostQueryFields1763702600000 implements MigrationInterface {
  name = 'PostQueryFields1763702600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE posts_cache ADD COLUMN link_flair text');
    await queryRunner.query(
      'ALTER TABLE posts_cache ADD COLUMN nsfw boolean NOT NULL DEFAULT FALSE',
    );
    await queryRunner.query(
      'ALTER TABLE posts_cache ADD COLUMN is_self boolean NOT NULL DEFAULT TRUE',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of ['is_self', 'nsfw', 'link_flair']) {
      await queryRunner.query(`ALTER TABLE posts_cache DROP COLUMN ${column}`);
    }
  }
}
