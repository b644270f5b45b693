import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';

const id = () => ({
  name: 'id',
  type: 'integer',
  isPrimary: true,
  isGenerated: true,
  generationStrategy: 'increment' as const,
});
const creatorFk = (table: string) =>
  new TableForeignKey({
    name: `FK_${table}_creator`,
    columnNames: ['creator_id'],
    referencedTableName: 'creators',
    referencedColumnNames: ['id'],
    onDelete: 'CASCADE',
  });

const TABLES = ['creators', 'social_links', 'creator_aliases', 'videos', 'video_authors', 'suggestions'];

/**
 * The whole schema, written with the schema builder so the same migration runs on SQLite and MySQL.
 * Every read has its index: names are looked up by name_key, links and aliases by creator, authorship
 * both by video (primary key) and by creator.
 */
export class InitialSchema1795000000000 implements MigrationInterface {
  name = 'InitialSchema1795000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'creators',
        columns: [
          id(),
          { name: 'name', type: 'varchar', length: '255' },
          { name: 'name_key', type: 'varchar', length: '255' },
          { name: 'photo', type: 'varchar', length: '2048', default: "''" },
        ],
        indices: [
          new TableIndex({ name: 'UQ_creators_name_key', columnNames: ['name_key'], isUnique: true }),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'social_links',
        columns: [
          id(),
          { name: 'creator_id', type: 'integer' },
          { name: 'position', type: 'integer' },
          { name: 'platform', type: 'varchar', length: '20' },
          { name: 'url', type: 'varchar', length: '2048' },
        ],
        indices: [
          new TableIndex({ name: 'IDX_social_links_creator', columnNames: ['creator_id', 'position'] }),
        ],
        foreignKeys: [creatorFk('social_links')],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'creator_aliases',
        columns: [
          id(),
          { name: 'creator_id', type: 'integer' },
          { name: 'name', type: 'varchar', length: '255' },
          { name: 'name_key', type: 'varchar', length: '255' },
          { name: 'merged_creator_id', type: 'integer', isNullable: true },
        ],
        indices: [
          new TableIndex({ name: 'IDX_creator_aliases_creator', columnNames: ['creator_id'] }),
          new TableIndex({ name: 'IDX_creator_aliases_merged', columnNames: ['merged_creator_id'] }),
          new TableIndex({ name: 'IDX_creator_aliases_name_key', columnNames: ['name_key'] }),
        ],
        foreignKeys: [creatorFk('creator_aliases')],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'videos',
        columns: [
          id(),
          { name: 'title', type: 'varchar', length: '512' },
          { name: 'url', type: 'varchar', length: '2048', default: "''" },
          { name: 'url_key', type: 'varchar', length: '64', isNullable: true },
          { name: 'date', type: 'varchar', length: '10', default: "''" },
        ],
        indices: [
          new TableIndex({ name: 'UQ_videos_url_key', columnNames: ['url_key'], isUnique: true }),
          new TableIndex({ name: 'IDX_videos_date', columnNames: ['date'] }),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'video_authors',
        columns: [
          { name: 'video_id', type: 'integer', isPrimary: true },
          { name: 'creator_id', type: 'integer', isPrimary: true },
          { name: 'position', type: 'integer' },
        ],
        indices: [
          new TableIndex({ name: 'IDX_video_authors_creator', columnNames: ['creator_id', 'video_id'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'FK_video_authors_video',
            columnNames: ['video_id'],
            referencedTableName: 'videos',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
          creatorFk('video_authors'),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'suggestions',
        columns: [
          id(),
          { name: 'url', type: 'varchar', length: '2048' },
          { name: 'submitted_at', type: 'varchar', length: '32' },
        ],
        indices: [new TableIndex({ name: 'IDX_suggestions_submitted_at', columnNames: ['submitted_at'] })],
      }),
    );
    await this.utf8mb4(queryRunner);
  }

  /** MySQL/MariaDB: every table in utf8mb4 with binary collation, so names compare exactly as on SQLite. */
  private async utf8mb4(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.driver.options.type !== 'mysql') return;
    for (const table of TABLES) {
      await queryRunner.query(
        `ALTER TABLE \`${table}\` CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [...TABLES].reverse()) {
      await queryRunner.dropTable(table);
    }
  }
}
