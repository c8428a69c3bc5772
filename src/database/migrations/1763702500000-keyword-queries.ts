import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A keyword's search query (decisions.md section 13), as written; null for every existing keyword. */
export class KeywordQueries1763702500000 implements MigrationInterface {
  name = 'KeywordQueries1763702500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE keywords ADD COLUMN "query" text');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE keywords DROP COLUMN "query"');
  }
}
