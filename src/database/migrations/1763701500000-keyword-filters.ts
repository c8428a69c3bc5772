import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The keyword filter lists, each a JSON array of strings in a text column; [] for every existing keyword. */
const FILTER_COLUMNS = ['exclude_phrases', 'subreddits', 'exclude_subreddits', 'exclude_authors'];

export class KeywordFilters1763701500000 implements MigrationInterface {
  name = 'KeywordFilters1763701500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const column of FILTER_COLUMNS) {
      await queryRunner.query(
        `ALTER TABLE keywords ADD COLUMN ${column} text NOT NULL DEFAULT '[]'`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of [...FILTER_COLUMNS].reverse()) {
      await queryRunner.query(`ALTER TABLE keywords DROP COLUMN ${column}`);
    }
  }
}
