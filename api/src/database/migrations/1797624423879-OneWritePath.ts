import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';

/**
 * The schema holds what the code used to promise alone. `video_authors` is unique on (video_id,
 * position) beside its primary key (video_id, creator_id), so no change (an undo included) can give
 * two authors of one video the same place; positions already shared are renumbered first, in their
 * order then by creator. `history` gains the group an entry belongs to (an import carried by several
 * requests appends to one entry while the group is open; see docs/architecture.md "One unit of work").
 */
export class OneWritePath1797624423879 implements MigrationInterface {
  name = 'OneWritePath1797624423879';

  async up(queryRunner: QueryRunner): Promise<void> {
    const shared = (await queryRunner.query(
      'SELECT DISTINCT video_id FROM video_authors GROUP BY video_id, position HAVING COUNT(*) > 1',
    )) as { video_id: number }[];
    for (const { video_id: videoId } of shared) {
      const authors = (await queryRunner.query(
        'SELECT creator_id FROM video_authors WHERE video_id = ? ORDER BY position, creator_id',
        [videoId],
      )) as { creator_id: number }[];
      for (const [position, author] of authors.entries()) {
        await queryRunner.query(
          'UPDATE video_authors SET position = ? WHERE video_id = ? AND creator_id = ?',
          [position, videoId, author.creator_id],
        );
      }
    }
    await queryRunner.createIndex(
      'video_authors',
      new TableIndex({
        name: 'UQ_video_authors_position',
        columnNames: ['video_id', 'position'],
        isUnique: true,
      }),
    );
    await queryRunner.addColumns('history', [
      new TableColumn({ name: 'group_key', type: 'varchar', length: '80', isNullable: true }),
      new TableColumn({ name: 'group_open_until', type: 'bigint', isNullable: true }),
    ]);
    await queryRunner.createIndex(
      'history',
      new TableIndex({ name: 'UQ_history_group_key', columnNames: ['group_key'], isUnique: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('history', 'UQ_history_group_key');
    await queryRunner.dropColumns('history', ['group_open_until', 'group_key']);
    await queryRunner.dropIndex('video_authors', 'UQ_video_authors_position');
  }
}
