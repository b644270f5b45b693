import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * What every replica must agree on about admin access, one row per name: the generated session
 * secret (when SESSION_SECRET is unset), the device-cookie generation ("Log out everywhere" moves it
 * on) and a salted fingerprint of the admin password the sessions were made under. Never backed up.
 */
export class AuthState1797860000000 implements MigrationInterface {
  name = 'AuthState1797860000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'auth_state',
        columns: [
          { name: 'name', type: 'varchar', length: '64', isPrimary: true },
          { name: 'value', type: 'varchar', length: '255' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('auth_state');
  }
}
