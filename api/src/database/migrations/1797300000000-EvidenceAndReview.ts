import { MigrationInterface, QueryRunner, Table, TableColumn, TableForeignKey, TableIndex } from 'typeorm';

/**
 * Evidence on every authorship (how the link was made, the text that matched, a confidence, when) and
 * the review queue: proposals of weak detections, remembered rejections, and per-channel counts of the
 * names its descriptions credit (channel boilerplate). Links made before are marked 'unknown'.
 */
export class EvidenceAndReview1797300000000 implements MigrationInterface {
  name = 'EvidenceAndReview1797300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('video_authors', [
      new TableColumn({ name: 'source', type: 'varchar', length: '16', default: "'manual'" }),
      new TableColumn({ name: 'evidence', type: 'varchar', length: '300', default: "''" }),
      new TableColumn({ name: 'confidence', type: 'varchar', length: '8', default: "''" }),
      new TableColumn({ name: 'linked_at', type: 'varchar', length: '24', default: "''" }),
    ]);
    await queryRunner.query("UPDATE video_authors SET source = 'unknown'");

    await queryRunner.createTable(
      new Table({
        name: 'review_proposals',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'video_id', type: 'integer' },
          { name: 'creator_id', type: 'integer', isNullable: true },
          { name: 'name', type: 'varchar', length: '255' },
          { name: 'name_key', type: 'varchar', length: '255' },
          { name: 'source', type: 'varchar', length: '16' },
          { name: 'evidence', type: 'varchar', length: '300', default: "''" },
          { name: 'confidence', type: 'varchar', length: '8' },
          { name: 'url', type: 'varchar', length: '2048', default: "''" },
          { name: 'channel_key', type: 'varchar', length: '255', default: "''" },
          { name: 'created_at', type: 'varchar', length: '24' },
        ],
        indices: [
          new TableIndex({
            name: 'UQ_review_proposals_video_name',
            columnNames: ['video_id', 'name_key'],
            isUnique: true,
          }),
          new TableIndex({ name: 'IDX_review_proposals_channel', columnNames: ['channel_key', 'name_key'] }),
          new TableIndex({ name: 'IDX_review_proposals_creator', columnNames: ['creator_id'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'FK_review_proposals_video',
            columnNames: ['video_id'],
            referencedTableName: 'videos',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
          new TableForeignKey({
            name: 'FK_review_proposals_creator',
            columnNames: ['creator_id'],
            referencedTableName: 'creators',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );
    // Keyed by the video's URL key, so a rejection outlives a delete and re-import of the video.
    await queryRunner.createTable(
      new Table({
        name: 'review_rejections',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'url_key', type: 'varchar', length: '64' },
          { name: 'name_key', type: 'varchar', length: '255' },
          { name: 'created_at', type: 'varchar', length: '24' },
        ],
        indices: [
          new TableIndex({
            name: 'UQ_review_rejections',
            columnNames: ['url_key', 'name_key'],
            isUnique: true,
          }),
        ],
      }),
    );
    // name_key '' counts the channel's imported descriptions.
    await queryRunner.createTable(
      new Table({
        name: 'channel_name_counts',
        columns: [
          { name: 'channel_key', type: 'varchar', length: '255', isPrimary: true },
          { name: 'name_key', type: 'varchar', length: '255', isPrimary: true },
          { name: 'count', type: 'integer', default: 0 },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('channel_name_counts');
    await queryRunner.dropTable('review_rejections');
    await queryRunner.dropTable('review_proposals');
    for (const column of ['linked_at', 'confidence', 'evidence', 'source'])
      await queryRunner.dropColumn('video_authors', column);
  }
}
