import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/** Server-side admin sessions: logout and expiry hold on every replica sharing the database. */
export class AdminSessions1796000000000 implements MigrationInterface {
  name = 'AdminSessions1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'admin_sessions',
        columns: [
          { name: 'token_hash', type: 'varchar', length: '64', isPrimary: true },
          { name: 'expires_at', type: 'bigint' },
          { name: 'created_at', type: 'bigint' },
        ],
        indices: [new TableIndex({ name: 'IDX_admin_sessions_expires', columnNames: ['expires_at'] })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('admin_sessions');
  }
}
