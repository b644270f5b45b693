import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * Each authorship with its video's date (counts/creator-video-dates.ts), so a creator's newest videos
 * are read from an index a page at a time instead of sorting all of them. Filled here from the rows
 * already there (the same statement the rebuild runs, frozen).
 */
export class CreatorVideoDates1797990000000 implements MigrationInterface {
  name = 'CreatorVideoDates1797990000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'creator_video_dates',
        columns: [
          { name: 'video_id', type: 'integer', isPrimary: true },
          { name: 'creator_id', type: 'integer', isPrimary: true },
          { name: 'date', type: 'varchar', length: '10', default: "''" },
        ],
      }),
    );
    await queryRunner.query(
      `INSERT INTO creator_video_dates (creator_id, video_id, date)
       SELECT va.creator_id, va.video_id, v.date FROM video_authors va JOIN videos v ON v.id = va.video_id`,
    );
    await queryRunner.createIndex(
      'creator_video_dates',
      new TableIndex({
        name: 'IDX_creator_video_dates_newest',
        columnNames: ['creator_id', 'date', 'video_id'],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('creator_video_dates');
  }
}
