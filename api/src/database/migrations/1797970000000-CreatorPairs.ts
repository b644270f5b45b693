import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * Videos and events together per pair of creators, kept on write (counts/pair-counts.ts), one row per
 * direction: a creator's network reads its collaborators from the first rows of an index ordered by
 * videos (or events) together. Existing data is counted here.
 */
export class CreatorPairs1797970000000 implements MigrationInterface {
  name = 'CreatorPairs1797970000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'creator_pairs',
        columns: [
          { name: 'creator_id', type: 'integer', isPrimary: true },
          { name: 'other_id', type: 'integer', isPrimary: true },
          { name: 'videos', type: 'integer', default: 0 },
          { name: 'events', type: 'integer', default: 0 },
        ],
        indices: [
          new TableIndex({
            name: 'IDX_creator_pairs_videos',
            columnNames: ['creator_id', 'videos', 'other_id'],
          }),
          new TableIndex({
            name: 'IDX_creator_pairs_events',
            columnNames: ['creator_id', 'events', 'other_id'],
          }),
        ],
      }),
    );
    // Frozen: the count as the table is defined here.
    await queryRunner.query(
      `INSERT INTO creator_pairs (creator_id, other_id, videos, events)
       SELECT a.creator_id, b.creator_id, COUNT(*), COUNT(DISTINCT COALESCE(v.event_id, -v.id))
         FROM video_authors a
         JOIN video_authors b ON b.video_id = a.video_id AND b.creator_id <> a.creator_id
         JOIN videos v ON v.id = a.video_id
        GROUP BY a.creator_id, b.creator_id`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('creator_pairs');
  }
}
