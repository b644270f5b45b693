import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * Rejected groupings, remembered so that no later import proposes the same two uploads again. Keyed by
 * the videos' URL keys (lower first), like rejected collaborators, so a rejection outlives a delete and
 * re-import of either upload.
 */
export class EventRejections1797950000000 implements MigrationInterface {
  name = 'EventRejections1797950000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'event_rejections',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'key_a', type: 'varchar', length: '64' },
          { name: 'key_b', type: 'varchar', length: '64' },
          { name: 'created_at', type: 'varchar', length: '24' },
        ],
        indices: [
          new TableIndex({ name: 'UQ_event_rejections', columnNames: ['key_a', 'key_b'], isUnique: true }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('event_rejections');
  }
}
