import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * One row counting committed writes (docs/architecture.md "Architecture rules"): every write transaction
 * advances it, and each replica polls it to know when its cached answers went stale.
 */
export class DataVersion1797100000000 implements MigrationInterface {
  name = 'DataVersion1797100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'data_version',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true },
          { name: 'version', type: 'bigint', default: 0 },
        ],
      }),
    );
    await queryRunner.query('INSERT INTO data_version (id, version) VALUES (1, 0)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('data_version');
  }
}
