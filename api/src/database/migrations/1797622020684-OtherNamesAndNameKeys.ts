import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { CreatorSearchIndex1797600000000 } from './1797600000000-CreatorSearchIndex';

const OLD_TRIGGERS = ['ci', 'cu', 'cd', 'li', 'lu', 'ld', 'ai', 'au', 'ad'].map((t) => `creator_search_${t}`);

const creatorFk = (table: string) =>
  new TableForeignKey({
    name: `FK_${table}_creator`,
    columnNames: ['creator_id'],
    referencedTableName: 'creators',
    referencedColumnNames: ['id'],
    onDelete: 'CASCADE',
  });

const id = {
  name: 'id',
  type: 'integer',
  isPrimary: true,
  isGenerated: true,
  generationStrategy: 'increment' as const,
};

/**
 * A creator's other names (any script, with an optional BCP 47 language tag) and the name-search
 * index of docs/architecture.md "Name search": `creator_search_keys` holds each name folded by the
 * shared foldText (the name, other names, aliases, the channel), one row per key and per word start,
 * written by the API in the same transaction as the change. On SQLite an FTS5 trigram table over
 * the whole keys (kept by triggers on the keys table) answers substrings; on MySQL/MariaDB an InnoDB
 * table of the keys' trigrams, written with the keys (so it rolls back with them; Mroonga would not).
 * The older SQLite index over the raw names is dropped. Existing creators are indexed by the later
 * ShortSearchGrams migration, which rebuilds the whole index once all of its tables exist.
 */
export class OtherNamesAndNameKeys1797622020684 implements MigrationInterface {
  name = 'OtherNamesAndNameKeys1797622020684';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type === 'mysql';
    await queryRunner.createTable(
      new Table({
        name: 'creator_other_names',
        columns: [
          id,
          { name: 'creator_id', type: 'integer' },
          { name: 'position', type: 'integer' },
          { name: 'name', type: 'varchar', length: '255' },
          { name: 'lang', type: 'varchar', length: '64', isNullable: true },
        ],
        indices: [
          new TableIndex({
            name: 'IDX_creator_other_names_creator',
            columnNames: ['creator_id', 'position'],
          }),
        ],
        foreignKeys: [creatorFk('creator_other_names')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'creator_search_keys',
        columns: [
          id,
          { name: 'creator_id', type: 'integer' },
          // 'name' (a name, other name or alias) or 'channel' (the first link): scope=names skips channels.
          { name: 'field', type: 'varchar', length: '8' },
          // 1: the key is a name's Hangul initials (looked up only by an initials query).
          { name: 'initials', type: 'integer' },
          // 1: a whole name (substrings are looked up in these); 0: the text from one of its word starts.
          { name: 'whole', type: 'integer' },
          // Compared by code point on both databases (SQLite's BINARY, MySQL's utf8mb4_bin).
          {
            name: 'search_key',
            type: 'varchar',
            length: '255',
            ...(mysql ? { collation: 'utf8mb4_bin' } : {}),
          },
        ],
        indices: [
          new TableIndex({
            name: 'IDX_creator_search_keys_key',
            columnNames: ['search_key', 'initials', 'field', 'creator_id'],
          }),
          new TableIndex({ name: 'IDX_creator_search_keys_creator', columnNames: ['creator_id'] }),
        ],
        foreignKeys: [creatorFk('creator_search_keys')],
      }),
    );
    if (mysql) {
      await queryRunner.createTable(
        new Table({
          name: 'creator_search_grams',
          columns: [
            // Three characters of a whole key, as UTF-8 bytes (no collation, no trailing-space padding).
            { name: 'gram', type: 'varbinary', length: '16', isPrimary: true },
            { name: 'key_id', type: 'integer', isPrimary: true },
          ],
          indices: [new TableIndex({ name: 'IDX_creator_search_grams_key', columnNames: ['key_id'] })],
          foreignKeys: [
            new TableForeignKey({
              name: 'FK_creator_search_grams_key',
              columnNames: ['key_id'],
              referencedTableName: 'creator_search_keys',
              referencedColumnNames: ['id'],
              onDelete: 'CASCADE',
            }),
          ],
        }),
      );
    } else {
      for (const name of OLD_TRIGGERS) await queryRunner.query(`DROP TRIGGER IF EXISTS ${name}`);
      await queryRunner.query('DROP TABLE IF EXISTS creator_search');
      // External content: the FTS table indexes creator_search_keys' whole keys and stores no copy.
      await queryRunner.query(
        `CREATE VIRTUAL TABLE creator_search_fts USING fts5(search_key, content = 'creator_search_keys',
           content_rowid = 'id', tokenize = 'trigram case_sensitive 1')`,
      );
      await queryRunner.query(`CREATE TRIGGER creator_search_fts_ai AFTER INSERT ON creator_search_keys
        WHEN new.whole = 1 BEGIN
          INSERT INTO creator_search_fts (rowid, search_key) VALUES (new.id, new.search_key);
        END`);
      await queryRunner.query(`CREATE TRIGGER creator_search_fts_ad AFTER DELETE ON creator_search_keys
        WHEN old.whole = 1 BEGIN
          INSERT INTO creator_search_fts (creator_search_fts, rowid, search_key)
            VALUES ('delete', old.id, old.search_key);
        END`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'mysql') {
      await queryRunner.dropTable('creator_search_grams', true);
    } else {
      await queryRunner.query('DROP TRIGGER IF EXISTS creator_search_fts_ai');
      await queryRunner.query('DROP TRIGGER IF EXISTS creator_search_fts_ad');
      await queryRunner.query('DROP TABLE IF EXISTS creator_search_fts');
    }
    await queryRunner.dropTable('creator_search_keys', true);
    await queryRunner.dropTable('creator_other_names', true);
    await new CreatorSearchIndex1797600000000().up(queryRunner); // the older index, back
  }
}
