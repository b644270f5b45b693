import { MigrationInterface, QueryRunner } from 'typeorm';

/** The creator's row of `creator_search`: names (name, then aliases) and channel (the first link). */
const ROW_OF = (id: string) => `
  DELETE FROM creator_search WHERE rowid = ${id};
  INSERT INTO creator_search (rowid, names, channel)
    SELECT c.id,
           c.name || coalesce((SELECT char(10) || group_concat(a.name, char(10))
                                 FROM creator_aliases a WHERE a.creator_id = c.id), ''),
           coalesce((SELECT l.url FROM social_links l WHERE l.creator_id = c.id
                      ORDER BY l.position LIMIT 1), '')
      FROM creators c WHERE c.id = ${id};`;

/** Trigger name, table, event and the creator id the row changed. */
const TRIGGERS: [string, string, string, string][] = [
  ['creator_search_ci', 'creators', 'INSERT', 'new.id'],
  ['creator_search_cu', 'creators', 'UPDATE OF name', 'new.id'],
  ['creator_search_cd', 'creators', 'DELETE', 'old.id'],
  ['creator_search_li', 'social_links', 'INSERT', 'new.creator_id'],
  ['creator_search_lu', 'social_links', 'UPDATE', 'new.creator_id'],
  ['creator_search_ld', 'social_links', 'DELETE', 'old.creator_id'],
  ['creator_search_ai', 'creator_aliases', 'INSERT', 'new.creator_id'],
  ['creator_search_au', 'creator_aliases', 'UPDATE', 'new.creator_id'],
  ['creator_search_ad', 'creator_aliases', 'DELETE', 'old.creator_id'],
];

/**
 * The visitor's creator search (a substring of the name, an alias or the channel, any case) answered
 * from an index instead of a scan of every creator: on SQLite an FTS5 table with the trigram tokenizer,
 * which answers substring phrases of 3+ characters, kept up to date by triggers so no write path has to
 * remember it. MySQL/MariaDB have no substring index (MariaDB's full-text search has no n-gram parser):
 * there the search scans the narrow key columns (see creator-search.ts). A virtual table and triggers
 * have no schema-builder form, hence the SQL.
 */
export class CreatorSearchIndex1797600000000 implements MigrationInterface {
  name = 'CreatorSearchIndex1797600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'mysql') return;
    await queryRunner.query(
      `CREATE VIRTUAL TABLE creator_search USING fts5(names, channel, tokenize = 'trigram')`,
    );
    for (const [name, table, event, id] of TRIGGERS) {
      await queryRunner.query(`CREATE TRIGGER ${name} AFTER ${event} ON ${table} BEGIN ${ROW_OF(id)} END`);
    }
    await queryRunner.query(`
      INSERT INTO creator_search (rowid, names, channel)
        SELECT c.id,
               c.name || coalesce((SELECT char(10) || group_concat(a.name, char(10))
                                     FROM creator_aliases a WHERE a.creator_id = c.id), ''),
               coalesce((SELECT l.url FROM social_links l WHERE l.creator_id = c.id
                          ORDER BY l.position LIMIT 1), '')
          FROM creators c`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'mysql') return;
    for (const [name] of TRIGGERS) await queryRunner.query(`DROP TRIGGER IF EXISTS ${name}`);
    await queryRunner.query('DROP TABLE IF EXISTS creator_search');
  }
}
