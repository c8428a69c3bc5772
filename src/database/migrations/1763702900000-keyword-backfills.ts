import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The backfills keywords still owe (decisions.md section 14): a keyword created or restored with
 * `backfill_hours` alerts on its matches in that part of the recent window, oldest first. Filed in
 * the keyword's creation transaction; `after_*` is how far it got, moved in the transaction of the
 * alerts it stored, so a crash resumes where it stopped. The row goes when the backfill is done.
 */
export class KeywordBackfills1763702900000 implements MigrationInterface {
  name = 'KeywordBackfills1763702900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'keyword_backfills',
        columns: [
          { name: 'keyword_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'account_id', type: 'varchar', length: '36' },
          { name: 'from_ms', type: 'bigint' },
          { name: 'to_ms', type: 'bigint' },
          { name: 'daily_cap', type: 'integer' },
          // The last window item looked at (seen_at, id); 0 and 0 before the first.
          { name: 'after_seen_at', type: 'bigint', default: 0 },
          { name: 'after_row_id', type: 'bigint', default: 0 },
          { name: 'filed_at', type: 'bigint' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('keyword_backfills');
  }
}
