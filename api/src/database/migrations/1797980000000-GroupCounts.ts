import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * A group's collaborations kept on write (groups/group-counts.ts): every collaboration that counts
 * for a group with its year and side, and the counts per group and year that its stats read. Existing
 * data is counted here, with a frozen copy of the rule (a later change of the live statements must not
 * change what this migration did).
 */
export class GroupCounts1797980000000 implements MigrationInterface {
  name = 'GroupCounts1797980000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'group_videos',
        columns: [
          { name: 'group_id', type: 'integer', isPrimary: true },
          { name: 'video_id', type: 'integer', isPrimary: true },
          { name: 'year', type: 'integer' },
          { name: 'inside', type: 'integer' },
        ],
      }),
    );
    await queryRunner.createIndex(
      'group_videos',
      new TableIndex({ name: 'IDX_group_videos_video', columnNames: ['video_id'] }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'group_year_counts',
        columns: [
          { name: 'group_id', type: 'integer', isPrimary: true },
          { name: 'year', type: 'integer', isPrimary: true },
          { name: 'inside', type: 'integer', default: 0 },
          { name: 'across', type: 'integer', default: 0 },
        ],
      }),
    );
    await queryRunner.query(
      `INSERT INTO group_videos (group_id, video_id, year, inside)
       SELECT x.group_id, x.id, SUBSTR(x.date, 1, 4),
              CASE WHEN EXISTS (
                SELECT 1 FROM video_authors a
                 WHERE a.video_id = x.id
                   AND NOT EXISTS (SELECT 1 FROM group_members m
                                    WHERE m.group_id = x.group_id AND m.creator_id = a.creator_id
                                      AND m.from_date <= x.date AND (m.to_date IS NULL OR m.to_date >= x.date)))
              THEN 0 ELSE 1 END
         FROM (SELECT DISTINCT gm.group_id, v.id, v.date
                 FROM group_members gm
                 JOIN video_authors va ON va.creator_id = gm.creator_id
                 JOIN videos v ON v.id = va.video_id
                 JOIN video_counts vc ON vc.video_id = v.id
                WHERE v.date <> '' AND v.date >= gm.from_date
                  AND (gm.to_date IS NULL OR v.date <= gm.to_date)
                  AND vc.authors >= 2) x`,
    );
    await queryRunner.query(
      `INSERT INTO group_year_counts (group_id, year, inside, across)
       SELECT group_id, year, SUM(inside), SUM(1 - inside) FROM group_videos GROUP BY group_id, year`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('group_year_counts');
    await queryRunner.dropTable('group_videos');
  }
}
