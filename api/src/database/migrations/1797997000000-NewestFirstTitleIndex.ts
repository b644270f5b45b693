import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * SQLite's trigram index of titles is keyed by the negated video id (docs/architecture.md "Video title
 * search"), so the newest matches, which every search page asks for, are the index's first rows: FTS5
 * walks a phrase's doclists backwards at a cost, 0.51–0.59 ms a term for the newest 201 at 1,000,000
 * videos against 0.29–0.32 ms forwards. Contentless with deletes (it stored no copy of the titles
 * before either: its content was `video_title_keys`, whose rowid is the video id); kept by triggers on
 * the keys as before. Nothing on MySQL/MariaDB, whose trigram table is a B-tree read either way.
 */
export class NewestFirstTitleIndex1797997000000 implements MigrationInterface {
  name = 'NewestFirstTitleIndex1797997000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'mysql') return;
    await queryRunner.query('DROP TRIGGER IF EXISTS video_title_fts_ai');
    await queryRunner.query('DROP TRIGGER IF EXISTS video_title_fts_ad');
    await queryRunner.query('DROP TABLE IF EXISTS video_title_fts');
    await queryRunner.query(
      `CREATE VIRTUAL TABLE video_title_fts USING fts5(title_key, content = '', contentless_delete = 1,
         tokenize = 'trigram case_sensitive 1')`,
    );
    await queryRunner.query(
      `INSERT INTO video_title_fts (rowid, title_key) SELECT -video_id, title_key FROM video_title_keys`,
    );
    await queryRunner.query(`INSERT INTO video_title_fts (video_title_fts) VALUES ('optimize')`);
    await queryRunner.query(`CREATE TRIGGER video_title_fts_ai AFTER INSERT ON video_title_keys BEGIN
        INSERT INTO video_title_fts (rowid, title_key) VALUES (-new.video_id, new.title_key);
      END`);
    await queryRunner.query(`CREATE TRIGGER video_title_fts_ad AFTER DELETE ON video_title_keys BEGIN
        DELETE FROM video_title_fts WHERE rowid = -old.video_id;
      END`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'mysql') return;
    await queryRunner.query('DROP TRIGGER IF EXISTS video_title_fts_ai');
    await queryRunner.query('DROP TRIGGER IF EXISTS video_title_fts_ad');
    await queryRunner.query('DROP TABLE IF EXISTS video_title_fts');
    await queryRunner.query(
      `CREATE VIRTUAL TABLE video_title_fts USING fts5(title_key, content = 'video_title_keys',
         content_rowid = 'video_id', tokenize = 'trigram case_sensitive 1')`,
    );
    await queryRunner.query(`INSERT INTO video_title_fts (video_title_fts) VALUES ('rebuild')`);
    await queryRunner.query(`CREATE TRIGGER video_title_fts_ai AFTER INSERT ON video_title_keys BEGIN
        INSERT INTO video_title_fts (rowid, title_key) VALUES (new.video_id, new.title_key);
      END`);
    await queryRunner.query(`CREATE TRIGGER video_title_fts_ad AFTER DELETE ON video_title_keys BEGIN
        INSERT INTO video_title_fts (video_title_fts, rowid, title_key)
          VALUES ('delete', old.video_id, old.title_key);
      END`);
  }
}
