import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * One row per table a write has changed, holding the sequence number (data_version) of the last such
 * write (docs/architecture.md "Many replicas, one truth"): each replica polls it to drop only the cached
 * answers that read a changed table. The row '*' moves when a write changed everything.
 */
export class AnswerVersions1797621663364 implements MigrationInterface {
  name = 'AnswerVersions1797621663364';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'answer_versions',
        columns: [
          { name: 'name', type: 'varchar', length: '64', isPrimary: true },
          { name: 'version', type: 'bigint', default: 0 },
        ],
      }),
    );
    await queryRunner.query("INSERT INTO answer_versions (name, version) VALUES ('*', 0)");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('answer_versions');
  }
}
