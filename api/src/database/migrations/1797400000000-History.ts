import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';

const TABLES = ['history', 'history_rows', 'history_entities'];

/**
 * The change history: one `history` row per change, the rows it changed
 * (before and after, as JSON) in `history_rows`, and the creators and videos it touched in
 * `history_entities` so one creator's or video's history is an index read. Append-only, except
 * `undone_by` and a batch's summary.
 */
export class History1797400000000 implements MigrationInterface {
  name = 'History1797400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'history',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'at', type: 'bigint' },
          { name: 'actor', type: 'varchar', length: '64' },
          { name: 'kind', type: 'varchar', length: '32' },
          { name: 'summary', type: 'varchar', length: '512' },
          { name: 'undoable', type: 'integer', default: 1 },
          { name: 'undone_by', type: 'integer', isNullable: true },
          { name: 'undoes', type: 'integer', isNullable: true },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'history_rows',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'history_id', type: 'integer' },
          { name: 'table_name', type: 'varchar', length: '32' },
          { name: 'row_key', type: 'varchar', length: '64' },
          { name: 'before_row', type: 'text', isNullable: true },
          { name: 'after_row', type: 'text', isNullable: true },
        ],
        indices: [
          new TableIndex({ name: 'IDX_history_rows_entry', columnNames: ['history_id'] }),
          new TableIndex({
            name: 'IDX_history_rows_row',
            columnNames: ['table_name', 'row_key', 'history_id'],
          }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'FK_history_rows_entry',
            columnNames: ['history_id'],
            referencedTableName: 'history',
            referencedColumnNames: ['id'],
          }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'history_entities',
        columns: [
          { name: 'history_id', type: 'integer', isPrimary: true },
          { name: 'entity', type: 'varchar', length: '16', isPrimary: true },
          { name: 'entity_id', type: 'integer', isPrimary: true },
        ],
        indices: [
          new TableIndex({
            name: 'IDX_history_entities_entity',
            columnNames: ['entity', 'entity_id', 'history_id'],
          }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'FK_history_entities_entry',
            columnNames: ['history_id'],
            referencedTableName: 'history',
            referencedColumnNames: ['id'],
          }),
        ],
      }),
    );
    if (queryRunner.connection.driver.options.type === 'mysql') {
      for (const table of TABLES) {
        await queryRunner.query(
          `ALTER TABLE \`${table}\` CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`,
        );
      }
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [...TABLES].reverse()) await queryRunner.dropTable(table);
  }
}
