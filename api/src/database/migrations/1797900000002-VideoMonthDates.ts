import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * `video_months` also holds each dated collaborative video's date and event, so the counts per period
 * read a creator's dated collaborations from these narrow rows instead of the `videos` rows (which carry
 * titles and addresses: the 6,636 videos of the largest creator at 1,000,000 cost some 30 ms there).
 */
export class VideoMonthDates1797900000002 implements MigrationInterface {
  name = 'VideoMonthDates1797900000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('video_months', [
      new TableColumn({ name: 'date', type: 'varchar', length: '10', default: "''" }),
      new TableColumn({ name: 'event_id', type: 'integer', isNullable: true }),
    ]);
    await queryRunner.query(
      `UPDATE video_months
          SET date = (SELECT v.date FROM videos v WHERE v.id = video_months.video_id),
              event_id = (SELECT v.event_id FROM videos v WHERE v.id = video_months.video_id)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('video_months', 'event_id');
    await queryRunner.dropColumn('video_months', 'date');
  }
}
