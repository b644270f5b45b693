import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Merges each SQLite FTS5 search index into one segment (FTS5 `optimize`): filled in batches, the
 * short-piece index of titles was left in many, and a lookup reads the term's doclist in each; one
 * segment halved the CPU of a title lookup at 1,000,000 videos (docs/architecture.md "Video title
 * search"). Rebuilds merge them from now on (database/sql.ts mergeFtsSegments). Nothing on
 * MySQL/MariaDB, whose n-gram tables are B-trees; nothing to undo.
 */
export class MergeSearchSegments1797993000000 implements MigrationInterface {
  name = 'MergeSearchSegments1797993000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'mysql') return;
    for (const table of ['creator_search_fts', 'video_title_fts', 'video_title_shorts']) {
      await queryRunner.query(`INSERT INTO ${table} (${table}) VALUES ('optimize')`);
    }
  }

  async down(): Promise<void> {
    // The segments' layout is not part of the schema: an unmerged index answers the same.
  }
}
