/**
 * Each authorship with its video's date, kept on write: `creator_video_dates` answers "a creator's
 * newest videos" from its index on (creator, date, video) a page at a time. Reading `video_authors`
 * joined to `videos` meant sorting every video of the creator for each first page (about 1,000 row
 * lookups and a sort for the largest creators; at 1,000,000 videos tens of milliseconds when those rows
 * are not in memory). Derived like the other counts: not in the history or a backup, brought up to
 * date for the videos a change named, and rebuilt with them.
 */
import type { EntityManager } from 'typeorm';
import { chunks, placeholders } from '../database/sql';

/** Every authorship with its video's date: `creator_id, video_id, date`. */
const EXPECTED_SQL = `
  SELECT va.creator_id, va.video_id, v.date
    FROM video_authors va JOIN videos v ON v.id = va.video_id`;

/** Statements that replace every row (after the authorships and videos are written). */
export const REBUILD_CREATOR_VIDEO_DATES_SQL: readonly string[] = [
  'DELETE FROM creator_video_dates',
  `INSERT INTO creator_video_dates (creator_id, video_id, date) ${EXPECTED_SQL}`,
];

/** The rows of the named videos, as their authorships and dates are now. */
export async function refreshCreatorVideoDates(
  manager: EntityManager,
  videoIds: Iterable<number>,
): Promise<void> {
  for (const part of chunks([...new Set(videoIds)])) {
    const list = placeholders(part.length);
    await manager.query(`DELETE FROM creator_video_dates WHERE video_id IN ${list}`, part);
    await manager.query(
      `INSERT INTO creator_video_dates (creator_id, video_id, date) ${EXPECTED_SQL} WHERE va.video_id IN ${list}`,
      part,
    );
  }
}

/** Rows missing, extra or with another date than a recomputation gives (0 when they agree). */
export async function creatorVideoDatesDrift(manager: EntityManager): Promise<number> {
  const [row] = (await manager.query(
    `SELECT
       (SELECT COUNT(*) FROM (${EXPECTED_SQL}) e
         WHERE NOT EXISTS (SELECT 1 FROM creator_video_dates d
                            WHERE d.creator_id = e.creator_id AND d.video_id = e.video_id AND d.date = e.date))
     + (SELECT COUNT(*) FROM creator_video_dates d
         WHERE NOT EXISTS (SELECT 1 FROM video_authors va JOIN videos v ON v.id = va.video_id
                            WHERE va.creator_id = d.creator_id AND va.video_id = d.video_id AND v.date = d.date))
       AS drift`,
  )) as { drift: number | string }[];
  return Number(row?.drift ?? 0);
}
