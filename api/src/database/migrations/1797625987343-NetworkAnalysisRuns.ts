import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * Where the network analysis keeps its results for every replica to read, and the lease that lets one
 * replica at a time compute them (docs/architecture.md "Insights").
 *
 * - `leases`: one row per named lease; a replica holds it while `expires_at` (ms since the epoch) is
 *   ahead, taken and renewed by one conditional UPDATE.
 * - `network_runs`: one row per analysis; readers use the newest finished one. `inputs` names the data
 *   it was computed from, `holder` the replica that computed it, `communities` is the whole communities
 *   answer and `bridges` the bridges, as JSON (emptied once two newer runs exist; the row stays a while
 *   as a record of who computed what).
 * - `network_communities` / `network_members`: the same result as rows, so a summary or a graph's
 *   lookup reads a few indexed rows instead of the whole answer.
 */
export class NetworkAnalysisRuns1797625987343 implements MigrationInterface {
  name = 'NetworkAnalysisRuns1797625987343';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The whole communities answer is megabytes at 100,000 creators: beyond MySQL's 64 KB TEXT.
    const longText = queryRunner.connection.options.type === 'mysql' ? 'longtext' : 'text';
    await queryRunner.createTable(
      new Table({
        name: 'leases',
        columns: [
          { name: 'name', type: 'varchar', length: '64', isPrimary: true },
          { name: 'holder', type: 'varchar', length: '64', default: "''" },
          { name: 'expires_at', type: 'bigint', default: 0 },
        ],
      }),
    );
    await queryRunner.query(
      "INSERT INTO leases (name, holder, expires_at) VALUES ('network-analysis', '', 0)",
    );
    await queryRunner.createTable(
      new Table({
        name: 'network_runs',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'inputs', type: 'varchar', length: '255' },
          { name: 'holder', type: 'varchar', length: '64' },
          { name: 'started_at', type: 'bigint' },
          { name: 'finished_at', type: 'bigint', isNullable: true },
          { name: 'communities', type: longText, isNullable: true },
          { name: 'bridges', type: longText, isNullable: true },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'network_communities',
        columns: [
          { name: 'run_id', type: 'integer', isPrimary: true },
          { name: 'position', type: 'integer', isPrimary: true },
          { name: 'id', type: 'integer' },
          { name: 'label', type: 'varchar', length: '1024' },
          { name: 'size', type: 'integer' },
        ],
        indices: [new TableIndex({ name: 'IDX_network_communities_id', columnNames: ['run_id', 'id'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'network_members',
        columns: [
          { name: 'run_id', type: 'integer', isPrimary: true },
          { name: 'creator_id', type: 'integer', isPrimary: true },
          { name: 'community_id', type: 'integer' },
          { name: 'position', type: 'integer' },
          { name: 'name', type: 'varchar', length: '255' },
        ],
        indices: [
          new TableIndex({
            name: 'IDX_network_members_community',
            columnNames: ['run_id', 'community_id', 'position'],
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('network_members');
    await queryRunner.dropTable('network_communities');
    await queryRunner.dropTable('network_runs');
    await queryRunner.dropTable('leases');
  }
}
