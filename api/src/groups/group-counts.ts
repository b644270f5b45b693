/**
 * A group's collaborations kept on write, so that its inside/across stats by year read a few rows
 * instead of every video of every member (about 300 ms for a group of 300 at 1,000,000 videos).
 *
 * `group_videos` holds every collaboration that counts for a group (shared's groupVideoSide) with its
 * year and whether it is inside; `group_year_counts` how many are inside and across per group and year.
 * Derived data: never backed up, rebuilt by a restore, brought up to date by the unit of work
 * (ChangesService) from the rows a change really changed:
 * - a video, its date or its authors: that video, for every group;
 * - a membership period (added, edited, ended, deleted, undone): the videos of that creator dated
 *   inside the period as it was or as it is, for that group;
 * - a group deleted: its rows go.
 * Each named (group, video) is recomputed and compared with its stored row; the year counts move by
 * the difference, so naming too much is harmless.
 */
import {
  collaborationYear,
  groupVideoSide,
  isIsoDate,
  type GroupStats,
  type MemberPeriod,
} from '@friends/shared';
import type { EntityManager } from 'typeorm';
import { chunks, int, placeholders, rows } from '../database/sql';
import { isCollaborationSql } from '../videos/collaboration-sql';

/** The tables written here (declared to the answer invalidation when they moved). */
export const GROUP_COUNT_TABLES = ['group_videos', 'group_year_counts'] as const;

/** A row a change touched, as the unit of work hands it over (history-writer's RowChange). */
export interface GroupCountChange {
  table: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Rows per multi-row INSERT (4 columns × 200 stays far below both engines' parameter limits). */
const INSERT_ROWS = 200;

/**
 * The statements that recompute every row from scratch (a restore, the migration): the same rule as
 * groupVideoSide, in SQL: a dated collaboration with an author who was a member on its date counts;
 * it is inside when no author lacks a period covering that date.
 */
export const REBUILD_GROUP_COUNTS_SQL: readonly string[] = [
  'DELETE FROM group_videos',
  'DELETE FROM group_year_counts',
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
              AND ${isCollaborationSql('vc.authors')}) x`,
  `INSERT INTO group_year_counts (group_id, year, inside, across)
   SELECT group_id, year, SUM(inside), SUM(1 - inside) FROM group_videos GROUP BY group_id, year`,
];

export async function rebuildGroupCounts(manager: EntityManager): Promise<void> {
  for (const sql of REBUILD_GROUP_COUNTS_SQL) await manager.query(sql);
}

/** A group's stored stats by year. */
export async function readGroupYearCounts(manager: EntityManager, groupId: number): Promise<GroupStats> {
  const found = await rows<{ year: number; inside: number; across: number }>(
    manager,
    `SELECT year, inside, across FROM group_year_counts
      WHERE group_id = ? AND (inside > 0 OR across > 0) ORDER BY year`,
    [groupId],
  );
  return found.map((row) => ({ year: int(row.year), inside: int(row.inside), across: int(row.across) }));
}

/** `group:video` */
const pairKey = (groupId: number, videoId: number) => `${groupId}:${videoId}`;

/** Brings the rows up to date with what a change did; answers whether any row moved. */
export async function refreshGroupCounts(
  manager: EntityManager,
  changes: readonly GroupCountChange[],
  videoIds: Iterable<number> = [],
): Promise<boolean> {
  const videos = new Set<number>(videoIds);
  const periodsOf = new Map<number, MemberPeriod[]>(); // group → the periods as they were and are
  const goneGroups = new Set<number>();
  for (const change of changes) {
    if (change.table === 'creator_groups' && change.before && !change.after)
      goneGroups.add(int(change.before.id));
    for (const row of [change.before, change.after]) {
      if (!row) continue;
      if (change.table === 'videos') videos.add(int(row.id));
      else if (change.table === 'video_authors') videos.add(int(row.video_id));
      else if (change.table === 'group_members') {
        const group = int(row.group_id);
        // A row without its dates (none is written so) names every video of the creator.
        const period: MemberPeriod = {
          creatorId: int(row.creator_id),
          from: typeof row.from_date === 'string' ? row.from_date : '',
          to: typeof row.to_date === 'string' ? row.to_date : null,
        };
        periodsOf.set(group, [...(periodsOf.get(group) ?? []), period]);
      }
    }
  }
  // A group brought back by an Undo has its creator_groups row back: its periods name its videos.
  for (const group of goneGroups) periodsOf.delete(group);
  let moved = false;
  if (goneGroups.size > 0) {
    const ids = [...goneGroups];
    for (const table of GROUP_COUNT_TABLES)
      await manager.query(`DELETE FROM ${table} WHERE group_id IN ${placeholders(ids.length)}`, ids);
    moved = true;
  }
  if (videos.size === 0 && periodsOf.size === 0) return moved;

  // The (group, video) pairs to recompute: the named videos for every group that holds or may hold
  // them, and, for a group whose periods moved, the videos of that creator dated inside the period as
  // it was or as it is (outside both, whether the creator was a member did not change). The dates come
  // from creator_video_dates' index; a video whose date this change moved is among the named ones.
  const pairs = new Map<string, [number, number]>();
  const add = (groupId: number, videoId: number) => {
    if (!goneGroups.has(groupId)) pairs.set(pairKey(groupId, videoId), [groupId, videoId]);
  };
  for (const part of chunks([...videos])) {
    const list = placeholders(part.length);
    for (const row of await rows<{ group_id: number; video_id: number }>(
      manager,
      `SELECT DISTINCT m.group_id, va.video_id FROM video_authors va
         JOIN group_members m ON m.creator_id = va.creator_id
        WHERE va.video_id IN ${list}
       UNION
       SELECT group_id, video_id FROM group_videos WHERE video_id IN ${list}`,
      [...part, ...part],
    ))
      add(int(row.group_id), int(row.video_id));
  }
  for (const [groupId, periods] of periodsOf) {
    for (const { creatorId, from, to } of periods) {
      for (const row of await rows<{ video_id: number }>(
        manager,
        `SELECT video_id FROM creator_video_dates
          WHERE creator_id = ? AND date >= ?${to === null ? '' : ' AND date <= ?'}`,
        to === null ? [creatorId, from] : [creatorId, from, to],
      ))
        add(groupId, int(row.video_id));
    }
  }
  if (pairs.size === 0) return moved;
  if (await applyPairs(manager, [...pairs.values()])) moved = true;
  return moved;
}

/** Recomputes the pairs, replaces the rows that differ and moves the year counts; answers whether any moved. */
async function applyPairs(manager: EntityManager, pairs: [number, number][]): Promise<boolean> {
  const videoIds = [...new Set(pairs.map(([, video]) => video))];
  const groupIds = [...new Set(pairs.map(([group]) => group))];
  // The named videos that are dated collaborations, with their authors.
  const videos = new Map<number, { date: string; authorIds: number[] }>();
  for (const part of chunks(videoIds)) {
    for (const row of await rows<{ id: number; date: string; creator_id: number }>(
      manager,
      `SELECT v.id, v.date, va.creator_id
         FROM videos v JOIN video_counts vc ON vc.video_id = v.id JOIN video_authors va ON va.video_id = v.id
        WHERE v.id IN ${placeholders(part.length)} AND v.date <> '' AND ${isCollaborationSql('vc.authors')}`,
      part,
    )) {
      const id = int(row.id);
      const video = videos.get(id) ?? { date: String(row.date), authorIds: [] };
      video.authorIds.push(int(row.creator_id));
      videos.set(id, video);
    }
  }
  // The periods of those authors in those groups.
  const authors = [...new Set([...videos.values()].flatMap((video) => video.authorIds))];
  const periods = new Map<string, MemberPeriod[]>(); // `group:creator`
  for (const part of chunks(authors)) {
    for (const row of await rows<{
      group_id: number;
      creator_id: number;
      from_date: string;
      to_date: string | null;
    }>(
      manager,
      `SELECT group_id, creator_id, from_date, to_date FROM group_members
        WHERE creator_id IN ${placeholders(part.length)} AND group_id IN ${placeholders(groupIds.length)}`,
      [...part, ...groupIds],
    )) {
      const key = pairKey(int(row.group_id), int(row.creator_id));
      periods.set(key, [
        ...(periods.get(key) ?? []),
        {
          creatorId: int(row.creator_id),
          from: String(row.from_date),
          to: row.to_date === null ? null : String(row.to_date),
        },
      ]);
    }
  }
  const actual = new Map<string, { year: number; inside: number }>();
  for (const [groupId, videoId] of pairs) {
    const video = videos.get(videoId);
    if (!video || !isIsoDate(video.date)) continue;
    const own = [...new Set(video.authorIds)].flatMap((id) => periods.get(pairKey(groupId, id)) ?? []);
    const side = groupVideoSide(video, own);
    if (side !== null)
      actual.set(pairKey(groupId, videoId), {
        year: collaborationYear(video.date),
        inside: side === 'inside' ? 1 : 0,
      });
  }
  const stored = new Map<string, { year: number; inside: number }>();
  for (const part of chunks(videoIds)) {
    for (const row of await rows<{ group_id: number; video_id: number; year: number; inside: number }>(
      manager,
      `SELECT group_id, video_id, year, inside FROM group_videos
        WHERE video_id IN ${placeholders(part.length)} AND group_id IN ${placeholders(groupIds.length)}`,
      [...part, ...groupIds],
    ))
      stored.set(pairKey(int(row.group_id), int(row.video_id)), {
        year: int(row.year),
        inside: int(row.inside),
      });
  }

  const delta = new Map<string, { groupId: number; year: number; inside: number; across: number }>();
  const move = (groupId: number, side: { year: number; inside: number }, by: number) => {
    const key = `${groupId}:${side.year}`;
    const entry = delta.get(key) ?? { groupId, year: side.year, inside: 0, across: 0 };
    if (side.inside) entry.inside += by;
    else entry.across += by;
    delta.set(key, entry);
  };
  const stale: [number, number][] = [];
  const fresh: number[][] = [];
  for (const [groupId, videoId] of pairs) {
    const key = pairKey(groupId, videoId);
    const before = stored.get(key);
    const now = actual.get(key);
    if (before?.year === now?.year && before?.inside === now?.inside) continue;
    if (before) {
      stale.push([groupId, videoId]);
      move(groupId, before, -1);
    }
    if (now) {
      fresh.push([groupId, videoId, now.year, now.inside]);
      move(groupId, now, 1);
    }
  }
  for (const part of chunks(stale, 200))
    await manager.query(
      `DELETE FROM group_videos WHERE ${part.map(() => '(group_id = ? AND video_id = ?)').join(' OR ')}`,
      part.flat(),
    );
  for (const part of chunks(fresh, INSERT_ROWS))
    await manager.query(
      `INSERT INTO group_videos (group_id, video_id, year, inside) VALUES ${part.map(() => '(?, ?, ?, ?)').join(', ')}`,
      part.flat(),
    );
  for (const { groupId, year, inside, across } of delta.values()) {
    if (inside === 0 && across === 0) continue;
    const [found] = await rows<{ inside: number }>(
      manager,
      'SELECT inside FROM group_year_counts WHERE group_id = ? AND year = ?',
      [groupId, year],
    );
    if (found)
      await manager.query(
        'UPDATE group_year_counts SET inside = inside + ?, across = across + ? WHERE group_id = ? AND year = ?',
        [inside, across, groupId, year],
      );
    else
      await manager.query(
        'INSERT INTO group_year_counts (group_id, year, inside, across) VALUES (?, ?, ?, ?)',
        [groupId, year, inside, across],
      );
  }
  // A year left with nothing counts for nothing: its row goes, as a rebuild would not write it.
  const moved = [...new Set([...delta.values()].map((entry) => entry.groupId))];
  if (moved.length > 0)
    await manager.query(
      `DELETE FROM group_year_counts WHERE inside = 0 AND across = 0 AND group_id IN ${placeholders(moved.length)}`,
      moved,
    );
  return stale.length + fresh.length > 0;
}
