import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';

/**
 * Groups (agencies, groups, teams) and their dated memberships (docs/product.md "Groups"), in
 * `creator_groups` (GROUPS is a reserved word on MySQL 8) and `group_members`. A group's
 * name is unique after normalisation, like a creator's. A membership is one period of one creator in
 * one group, `to_date` NULL while it lasts; deleting the group or the creator deletes its periods.
 * The indexes serve the reads: a group's periods by start (the as-of board: members on a day), a
 * creator's periods by start (the profile, the pair page's inside/across marks, the group stats).
 */
export class Groups1797621584131 implements MigrationInterface {
  name = 'Groups1797621584131';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'creator_groups',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'name', type: 'varchar', length: '255' },
          { name: 'name_key', type: 'varchar', length: '255' },
          { name: 'kind', type: 'varchar', length: '16' },
        ],
        indices: [
          new TableIndex({ name: 'UQ_creator_groups_name_key', columnNames: ['name_key'], isUnique: true }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'group_members',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'group_id', type: 'integer' },
          { name: 'creator_id', type: 'integer' },
          { name: 'from_date', type: 'varchar', length: '10' },
          { name: 'to_date', type: 'varchar', length: '10', isNullable: true },
        ],
        indices: [
          new TableIndex({ name: 'IDX_group_members_group', columnNames: ['group_id', 'from_date'] }),
          new TableIndex({ name: 'IDX_group_members_creator', columnNames: ['creator_id', 'from_date'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'FK_group_members_group',
            columnNames: ['group_id'],
            referencedTableName: 'creator_groups',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
          new TableForeignKey({
            name: 'FK_group_members_creator',
            columnNames: ['creator_id'],
            referencedTableName: 'creators',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('group_members');
    await queryRunner.dropTable('creator_groups');
  }
}
