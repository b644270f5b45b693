import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { utcDay } from '@friends/shared';
import { rebuildPeriodCountsFrozen } from './1797900000000-PeriodCounts.frozen';

/**
 * Counts kept per period (counts/period-counts.ts): per period and way of counting, every creator's
 * collaborations and collaborators in the current and previous window, and the pairs new in the
 * current one, right for the day in `period_state`. The period leaderboards read the top rows of their
 * indexes. Existing data is counted here, for today.
 */
export class PeriodCounts1797900000000 implements MigrationInterface {
  name = 'PeriodCounts1797900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const key = [
      { name: 'period', type: 'varchar', length: '8', isPrimary: true },
      { name: 'counting', type: 'varchar', length: '8', isPrimary: true },
    ];
    await queryRunner.createTable(
      new Table({
        name: 'period_counts',
        columns: [
          ...key,
          { name: 'creator_id', type: 'integer', isPrimary: true },
          { name: 'current_collaborations', type: 'integer', default: 0 },
          { name: 'previous_collaborations', type: 'integer', default: 0 },
          { name: 'current_collaborators', type: 'integer', default: 0 },
          { name: 'previous_collaborators', type: 'integer', default: 0 },
        ],
        indices: [
          new TableIndex({ name: 'IDX_period_counts_creator', columnNames: ['creator_id'] }),
          ...[
            'current_collaborations',
            'previous_collaborations',
            'current_collaborators',
            'previous_collaborators',
          ].map(
            (column) =>
              new TableIndex({
                name: `IDX_period_counts_${column}`,
                columnNames: ['period', 'counting', column],
              }),
          ),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'period_new_pairs',
        columns: [
          ...key,
          { name: 'a', type: 'integer', isPrimary: true },
          { name: 'b', type: 'integer', isPrimary: true },
          { name: 'first_date', type: 'varchar', length: '10' },
          { name: 'videos', type: 'integer', default: 0 },
        ],
        indices: [
          new TableIndex({ name: 'IDX_period_new_pairs_a', columnNames: ['a'] }),
          new TableIndex({ name: 'IDX_period_new_pairs_b', columnNames: ['b'] }),
          new TableIndex({
            name: 'IDX_period_new_pairs_rank',
            columnNames: ['period', 'counting', 'videos', 'first_date', 'a', 'b'],
          }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'period_state',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true },
          { name: 'day', type: 'varchar', length: '10' },
        ],
      }),
    );
    await rebuildPeriodCountsFrozen(queryRunner.manager, utcDay());
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('period_state');
    await queryRunner.dropTable('period_new_pairs');
    await queryRunner.dropTable('period_counts');
  }
}
