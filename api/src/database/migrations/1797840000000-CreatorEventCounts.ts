import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { REBUILD_EVENT_COUNTS_SQL } from '../../counts/counts-sql';

/**
 * Collaborations counted by event, kept on write beside the other stored counts (counts.service.ts):
 * per creator, the distinct events among its collaborative videos (a standalone one is its own event).
 * Only creators with at least one have a row; the leaderboard counted by event reads the top rows of
 * the index. Existing data is counted here.
 */
export class CreatorEventCounts1797840000000 implements MigrationInterface {
  name = 'CreatorEventCounts1797840000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'creator_event_counts',
        columns: [
          { name: 'creator_id', type: 'integer', isPrimary: true },
          { name: 'events', type: 'integer', default: 0 },
        ],
        indices: [new TableIndex({ name: 'IDX_creator_event_counts_events', columnNames: ['events'] })],
      }),
    );
    for (const sql of REBUILD_EVENT_COUNTS_SQL) await queryRunner.query(sql);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('creator_event_counts');
  }
}
