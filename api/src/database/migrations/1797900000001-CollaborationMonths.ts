import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * Collaborations per month kept on write (counts/month-counts.ts): the month of every dated
 * collaborative video and the count per month, which the analytics chart reads. Existing data is
 * counted here.
 */
export class CollaborationMonths1797900000001 implements MigrationInterface {
  name = 'CollaborationMonths1797900000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'video_months',
        columns: [
          { name: 'video_id', type: 'integer', isPrimary: true },
          { name: 'month', type: 'varchar', length: '7' },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'collaboration_months',
        columns: [
          { name: 'month', type: 'varchar', length: '7', isPrimary: true },
          { name: 'collaborations', type: 'integer', default: 0 },
        ],
      }),
    );
    // Frozen: the table's later columns are filled by the migration that adds them.
    await queryRunner.query(
      `INSERT INTO video_months (video_id, month)
       SELECT v.id, SUBSTR(v.date, 1, 7)
         FROM videos v JOIN video_counts vc ON vc.video_id = v.id
        WHERE v.date <> '' AND vc.authors >= 2`,
    );
    await queryRunner.query(
      'INSERT INTO collaboration_months (month, collaborations) SELECT month, COUNT(*) FROM video_months GROUP BY month',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('collaboration_months');
    await queryRunner.dropTable('video_months');
  }
}
