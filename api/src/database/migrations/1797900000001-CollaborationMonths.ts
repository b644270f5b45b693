import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { REBUILD_MONTH_COUNTS_SQL } from '../../counts/month-counts';

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
    for (const sql of REBUILD_MONTH_COUNTS_SQL) await queryRunner.query(sql);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('collaboration_months');
    await queryRunner.dropTable('video_months');
  }
}
