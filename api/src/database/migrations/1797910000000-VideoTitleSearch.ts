import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { rebuildVideoTitleKeys } from '../../videos/video-title-keys';

const videoFk = (table: string) =>
  new TableForeignKey({
    name: `FK_${table}_video`,
    columnNames: ['video_id'],
    referencedTableName: 'videos',
    referencedColumnNames: ['id'],
    onDelete: 'CASCADE',
  });

/**
 * The video-title search index (docs/architecture.md "Video title search"): each title folded by the
 * shared foldText (`video_title_keys`), its one- and two-character pieces (`video_title_shorts`, primary
 * key (gram, video_id): a short query's videos in id order), and its trigrams: an FTS5 trigram table
 * over the keys on SQLite, an InnoDB table `video_title_grams (gram, video_id)` on MySQL/MariaDB. The
 * existing videos are indexed here; SQLite's FTS5 index is built in one pass after the keys, then
 * its triggers keep it.
 */
export class VideoTitleSearch1797910000000 implements MigrationInterface {
  name = 'VideoTitleSearch1797910000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type === 'mysql';
    await queryRunner.createTable(
      new Table({
        name: 'video_title_keys',
        columns: [
          { name: 'video_id', type: 'integer', isPrimary: true },
          // The folded title, compared by code point (SQLite's BINARY, MySQL's utf8mb4_bin).
          { name: 'title_key', type: 'text', ...(mysql ? { collation: 'utf8mb4_bin' } : {}) },
        ],
        foreignKeys: [videoFk('video_title_keys')],
      }),
    );
    if (!mysql) {
      // The short pieces: one FTS5 row per video (rowid = video id), each piece one ASCII token
      // (pieceToken). Only rowids are kept per token (detail=none): a piece is looked up whole, never
      // as a phrase. Contentless, rows deleted by rowid. A B-tree of (piece, video) rows was 30+ pieces
      // per title: 34 million rows and minutes of migration at 1,000,000 videos; this is 47 MB.
      await queryRunner.query(
        `CREATE VIRTUAL TABLE video_title_shorts USING fts5(pieces, content = '', contentless_delete = 1,
           detail = none, tokenize = 'ascii')`,
      );
    } else {
      await queryRunner.createTable(
        new Table({
          name: 'video_title_shorts',
          columns: [
            // One or two characters (code points) of a folded title, none a space, as UTF-8 bytes.
            { name: 'gram', type: 'varbinary', length: '8', isPrimary: true },
            { name: 'video_id', type: 'integer', isPrimary: true },
          ],
          indices: [new TableIndex({ name: 'IDX_video_title_shorts_video', columnNames: ['video_id'] })],
          foreignKeys: [videoFk('video_title_shorts')],
        }),
      );
      await queryRunner.createTable(
        new Table({
          name: 'video_title_grams',
          columns: [
            // Three characters of a folded title, as UTF-8 bytes (no collation, no trailing-space padding).
            { name: 'gram', type: 'varbinary', length: '16', isPrimary: true },
            { name: 'video_id', type: 'integer', isPrimary: true },
          ],
          indices: [new TableIndex({ name: 'IDX_video_title_grams_video', columnNames: ['video_id'] })],
          foreignKeys: [videoFk('video_title_grams')],
        }),
      );
    }
    await rebuildVideoTitleKeys(queryRunner.manager, { fts: false });
    if (mysql) return;
    // External content: the FTS table indexes video_title_keys and stores no copy of the titles.
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

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'mysql') {
      await queryRunner.dropTable('video_title_grams', true);
      await queryRunner.dropTable('video_title_shorts', true);
    } else {
      await queryRunner.query('DROP TRIGGER IF EXISTS video_title_fts_ai');
      await queryRunner.query('DROP TRIGGER IF EXISTS video_title_fts_ad');
      await queryRunner.query('DROP TABLE IF EXISTS video_title_fts');
      await queryRunner.query('DROP TABLE IF EXISTS video_title_shorts');
    }
    await queryRunner.dropTable('video_title_keys', true);
  }
}
