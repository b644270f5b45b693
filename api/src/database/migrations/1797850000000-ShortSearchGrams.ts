import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { rebuildCreatorSearchKeys } from '../../creators/creator-search-keys';

/**
 * The index of one- and two-character queries (docs/architecture.md "Name search"): every distinct
 * one- and two-character piece of a creator's folded names and channel, one row per piece and
 * creator, so a short query finds a creator by any part of a name (not only a word start). The
 * primary key (gram, creator_id) hands out a query's creators in id order with no sort; `in_name`
 * tells whether a name holds the piece (scope 'names') or only the channel. WITHOUT ROWID on SQLite:
 * the rows live in the primary key. Written with `creator_search_keys`; existing creators are indexed
 * here.
 */
export class ShortSearchGrams1797850000000 implements MigrationInterface {
  name = 'ShortSearchGrams1797850000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type === 'mysql';
    await queryRunner.createTable(
      new Table({
        name: 'creator_search_shorts',
        withoutRowid: true,
        columns: [
          // One or two characters (code points) of a folded key; compared by code point: UTF-8 bytes on
          // MySQL/MariaDB (no collation, so 'a' ≠ 'á' and no trailing-space padding), BINARY on SQLite.
          { name: 'gram', type: mysql ? 'varbinary' : 'varchar', length: '8', isPrimary: true },
          { name: 'creator_id', type: 'integer', isPrimary: true },
          // 1: a name, other name or alias holds the piece; 0: only the channel.
          { name: 'in_name', type: 'integer' },
        ],
        indices: [new TableIndex({ name: 'IDX_creator_search_shorts_creator', columnNames: ['creator_id'] })],
        foreignKeys: [
          {
            name: 'FK_creator_search_shorts_creator',
            columnNames: ['creator_id'],
            referencedTableName: 'creators',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
    await rebuildCreatorSearchKeys(queryRunner.manager);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('creator_search_shorts', true);
  }
}
