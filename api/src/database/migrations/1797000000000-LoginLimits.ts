import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * Login protection shared by every replica: per-IP attempt counts,
 * the account's back-off for unknown devices and each known device's own back-off, one row per bucket.
 */
export class LoginLimits1797000000000 implements MigrationInterface {
  name = 'LoginLimits1797000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'login_limits',
        columns: [
          // 'account', 'ip:<address>' or 'device:<hex SHA-256 of the device id>'
          { name: 'bucket', type: 'varchar', length: '100', isPrimary: true },
          { name: 'attempts', type: 'integer', default: 0 },
          // Milliseconds since the epoch: the per-IP window's start, or a back-off's last failure.
          { name: 'since', type: 'bigint', default: 0 },
          { name: 'locked_until', type: 'bigint', default: 0 },
        ],
        indices: [new TableIndex({ name: 'IDX_login_limits_since', columnNames: ['since'] })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('login_limits');
  }
}
