import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { REBUILD_CREATOR_VIDEO_COUNTS_SQL } from '../../counts/counts-sql';

/**
 * Counts kept on write: per-creator figures, per-video author counts and the totals,
 * maintained by CountsService in the transaction of every change (see counts.service.ts). No foreign
 * keys on purpose: a row outlives the deletion of its creator or video until the change's refresh
 * subtracts it from the totals. Existing data is counted here, in portable SQL.
 */
export class StoredCounts1797200000000 implements MigrationInterface {
  name = 'StoredCounts1797200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const count = (name: string) => ({ name, type: 'integer', default: 0 });
    await queryRunner.createTable(
      new Table({
        name: 'creator_counts',
        columns: [
          { name: 'creator_id', type: 'integer', isPrimary: true },
          count('videos'),
          count('collaborations'),
          count('collaborators'),
        ],
        // The leaderboard and analytics read the top rows by each figure (ORDER BY … LIMIT).
        indices: [
          new TableIndex({ name: 'IDX_creator_counts_videos', columnNames: ['videos'] }),
          new TableIndex({ name: 'IDX_creator_counts_collaborations', columnNames: ['collaborations'] }),
          new TableIndex({ name: 'IDX_creator_counts_collaborators', columnNames: ['collaborators'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'video_counts',
        columns: [{ name: 'video_id', type: 'integer', isPrimary: true }, count('authors')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'count_totals',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true },
          count('creators'),
          count('videos'),
          count('collaborations'),
          count('creators_with_videos'),
        ],
      }),
    );
    for (const sql of REBUILD_CREATOR_VIDEO_COUNTS_SQL) await queryRunner.query(sql);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['count_totals', 'video_counts', 'creator_counts'])
      await queryRunner.dropTable(table);
  }
}
