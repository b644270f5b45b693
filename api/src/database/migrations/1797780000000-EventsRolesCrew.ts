import { MigrationInterface, QueryRunner, Table, TableColumn, TableForeignKey, TableIndex } from 'typeorm';

/**
 * Collab events, author roles and crew credits (docs/product.md "Collab events" and "Roles and crew").
 * An event groups the uploads of one collaboration (`videos.event_id`, emptied when the event goes); each
 * authorship gets its role (the first author of existing videos hosts, the others are guests) and the
 * name it was credited as; crew credits are their own rows, never authors. Weak groupings wait in
 * `event_proposals` for review.
 */
export class EventsRolesCrew1797780000000 implements MigrationInterface {
  name = 'EventsRolesCrew1797780000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'events',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'title', type: 'varchar', length: '512' },
        ],
      }),
    );
    await queryRunner.addColumn(
      'videos',
      new TableColumn({ name: 'event_id', type: 'integer', isNullable: true }),
    );
    await queryRunner.createIndex(
      'videos',
      new TableIndex({ name: 'IDX_videos_event', columnNames: ['event_id'] }),
    );
    await queryRunner.createForeignKey(
      'videos',
      new TableForeignKey({
        name: 'FK_videos_event',
        columnNames: ['event_id'],
        referencedTableName: 'events',
        referencedColumnNames: ['id'],
        onDelete: 'SET NULL',
      }),
    );

    await queryRunner.addColumns('video_authors', [
      new TableColumn({ name: 'role', type: 'varchar', length: '16', default: "'guest'" }),
      new TableColumn({ name: 'credited_as', type: 'varchar', length: '255', isNullable: true }),
    ]);
    await queryRunner.query("UPDATE video_authors SET role = 'host' WHERE position = 0");

    await queryRunner.createTable(
      new Table({
        name: 'video_crew',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'video_id', type: 'integer' },
          { name: 'position', type: 'integer' },
          { name: 'name', type: 'varchar', length: '255' },
          { name: 'job', type: 'varchar', length: '16' },
          { name: 'creator_id', type: 'integer', isNullable: true },
        ],
        indices: [
          new TableIndex({
            name: 'UQ_video_crew_position',
            columnNames: ['video_id', 'position'],
            isUnique: true,
          }),
          new TableIndex({ name: 'IDX_video_crew_creator', columnNames: ['creator_id'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'FK_video_crew_video',
            columnNames: ['video_id'],
            referencedTableName: 'videos',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
          new TableForeignKey({
            name: 'FK_video_crew_creator',
            columnNames: ['creator_id'],
            referencedTableName: 'creators',
            referencedColumnNames: ['id'],
            onDelete: 'SET NULL',
          }),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'event_proposals',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'video_a', type: 'integer' },
          { name: 'video_b', type: 'integer' },
          { name: 'evidence', type: 'varchar', length: '300', default: "''" },
          { name: 'created_at', type: 'varchar', length: '24' },
        ],
        indices: [
          new TableIndex({
            name: 'UQ_event_proposals_pair',
            columnNames: ['video_a', 'video_b'],
            isUnique: true,
          }),
          new TableIndex({ name: 'IDX_event_proposals_b', columnNames: ['video_b'] }),
        ],
        foreignKeys: ['video_a', 'video_b'].map(
          (column) =>
            new TableForeignKey({
              name: `FK_event_proposals_${column}`,
              columnNames: [column],
              referencedTableName: 'videos',
              referencedColumnNames: ['id'],
              onDelete: 'CASCADE',
            }),
        ),
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('event_proposals');
    await queryRunner.dropTable('video_crew');
    await queryRunner.dropColumn('video_authors', 'credited_as');
    await queryRunner.dropColumn('video_authors', 'role');
    await queryRunner.dropForeignKey('videos', 'FK_videos_event');
    await queryRunner.dropIndex('videos', 'IDX_videos_event');
    await queryRunner.dropColumn('videos', 'event_id');
    await queryRunner.dropTable('events');
  }
}
