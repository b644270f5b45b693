import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * The public API's own rows: API keys (only a hash of each key is kept) and the read counts every
 * replica adds its share to, per client and minute (docs/architecture.md "Security").
 */
export class PublicApi1797625047204 implements MigrationInterface {
  name = 'PublicApi1797625047204';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'api_keys',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'name', type: 'varchar', length: '100' },
          // Hex SHA-256 of the key: the key itself is shown once and never stored.
          { name: 'key_hash', type: 'varchar', length: '64' },
          // ISO time.
          { name: 'created_at', type: 'varchar', length: '24' },
        ],
        indices: [
          new TableIndex({ name: 'UQ_api_keys_key_hash', columnNames: ['key_hash'], isUnique: true }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'read_limits',
        columns: [
          // 'ip:<address>' or 'key:<id>'
          { name: 'bucket', type: 'varchar', length: '100', isPrimary: true },
          // Milliseconds since the epoch: the start of the minute counted.
          { name: 'window_start', type: 'bigint', isPrimary: true },
          { name: 'hits', type: 'integer', default: 0 },
        ],
        indices: [new TableIndex({ name: 'IDX_read_limits_window', columnNames: ['window_start'] })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('read_limits');
    await queryRunner.dropTable('api_keys');
  }
}
