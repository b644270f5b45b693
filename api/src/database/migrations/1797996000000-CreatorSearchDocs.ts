import { MigrationInterface, QueryRunner } from 'typeorm';

/** A creator's document from its whole keys, as the triggers and the fill below write it. */
const DOCUMENT_COLUMNS = `group_concat(CASE WHEN field = 'name' AND initials = 0 THEN search_key END, char(10)),
         group_concat(CASE WHEN field = 'channel' THEN search_key END, char(10)),
         group_concat(CASE WHEN initials = 1 THEN search_key END, char(10))`;

const rewrite = (id: string) => `DELETE FROM creator_search_docs WHERE rowid = ${id};
  INSERT INTO creator_search_docs (rowid, names, channel, initials)
  SELECT ${id}, ${DOCUMENT_COLUMNS}
    FROM creator_search_keys WHERE creator_id = ${id} AND whole = 1 HAVING COUNT(*) > 0;`;

/**
 * SQLite's trigram index of creator names moves from one row per key to one row per creator
 * (docs/architecture.md "Name search"): `creator_search_docs`, rowid the creator's id, its whole name
 * keys, its channel and its Hangul initials each a column of keys joined by a line break (no folded
 * key or query holds one, so no match spans two keys). A term's matches are then distinct creators in
 * id order straight from the index: a three-letter term found in 7,800 of 100,000 creators was counted
 * in 14 ms through the keys (every matching key read, then made distinct and sorted), 0.5 ms here.
 * Contentless (it stores no copy of the keys) with deletes; kept by triggers on the keys, as the index
 * before it, so every writer of the keys (a deleted creator's cascade included) keeps it. Nothing on
 * MySQL/MariaDB, whose trigram table stays.
 */
export class CreatorSearchDocs1797996000000 implements MigrationInterface {
  name = 'CreatorSearchDocs1797996000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'mysql') return;
    await queryRunner.query('DROP TRIGGER IF EXISTS creator_search_fts_ai');
    await queryRunner.query('DROP TRIGGER IF EXISTS creator_search_fts_ad');
    await queryRunner.query('DROP TABLE IF EXISTS creator_search_fts');
    await queryRunner.query(
      `CREATE VIRTUAL TABLE creator_search_docs USING fts5(names, channel, initials, content = '',
         contentless_delete = 1, tokenize = 'trigram case_sensitive 1')`,
    );
    await queryRunner.query(`CREATE TRIGGER creator_search_docs_ai AFTER INSERT ON creator_search_keys
      WHEN new.whole = 1 BEGIN ${rewrite('new.creator_id')} END`);
    await queryRunner.query(`CREATE TRIGGER creator_search_docs_ad AFTER DELETE ON creator_search_keys
      WHEN old.whole = 1 BEGIN ${rewrite('old.creator_id')} END`);
    await queryRunner.query(
      `INSERT INTO creator_search_docs (rowid, names, channel, initials)
       SELECT creator_id, ${DOCUMENT_COLUMNS}
         FROM creator_search_keys WHERE whole = 1 GROUP BY creator_id`,
    );
    await queryRunner.query(`INSERT INTO creator_search_docs (creator_search_docs) VALUES ('optimize')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'mysql') return;
    await queryRunner.query('DROP TRIGGER IF EXISTS creator_search_docs_ai');
    await queryRunner.query('DROP TRIGGER IF EXISTS creator_search_docs_ad');
    await queryRunner.query('DROP TABLE IF EXISTS creator_search_docs');
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
    await queryRunner.query(
      `INSERT INTO creator_search_fts (rowid, search_key)
       SELECT id, search_key FROM creator_search_keys WHERE whole = 1`,
    );
  }
}
