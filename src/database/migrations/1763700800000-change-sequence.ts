import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Each followed table is a change stream with a counter of its own (change-sequence.ts). */
const FOLLOWED_TABLES = ['accounts', 'keywords', 'searches'] as const;

const changeIndex = (table: string): TableIndex =>
  new TableIndex({ name: `idx_${table}_change`, columnNames: ['change_seq', 'id'] });

const UPDATED_AT_INDEXES = [
  ['keywords', 'idx_keywords_updated'],
  ['searches', 'idx_searches_updated'],
] as const;

/**
 * A change number on the rows the live matchers follow, from one counter per table
 * (change-sequence.ts): each refresh reads the rows changed since the last one, instead of
 * every row whose updated_at falls within an overlap window. Existing rows start at 0.
 */
export class ChangeSequence1763700800000 implements MigrationInterface {
  name = 'ChangeSequence1763700800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'change_counters',
        columns: [
          { name: 'stream', type: 'varchar', length: '16', isPrimary: true },
          { name: 'value', type: 'bigint' },
        ],
      }),
    );
    const counters = FOLLOWED_TABLES.map((stream) => `('${stream}', 0)`).join(', ');
    await queryRunner.query(`INSERT INTO change_counters (stream, value) VALUES ${counters}`);
    for (const table of FOLLOWED_TABLES) {
      await queryRunner.query(
        `ALTER TABLE ${table} ADD COLUMN change_seq bigint NOT NULL DEFAULT 0`,
      );
      await queryRunner.createIndex(table, changeIndex(table));
    }
    for (const [table, index] of UPDATED_AT_INDEXES) await queryRunner.dropIndex(table, index);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table, index] of UPDATED_AT_INDEXES) {
      await queryRunner.createIndex(
        table,
        new TableIndex({ name: index, columnNames: ['updated_at'] }),
      );
    }
    for (const table of FOLLOWED_TABLES) {
      await queryRunner.dropIndex(table, changeIndex(table).name!);
      await queryRunner.query(`ALTER TABLE ${table} DROP COLUMN change_seq`);
    }
    await queryRunner.dropTable('change_counters');
  }
}
