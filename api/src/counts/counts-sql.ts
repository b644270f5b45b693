/**
 * The stored counts recomputed from scratch, in SQL that runs on SQLite and MySQL/MariaDB alike: used by
 * the migration that creates the tables, the repair command, restore, the demo seeder and the bench
 * generator (which write rows without going through CountsService). Definitions as in shared's stats.ts
 * (a collaboration rule written once, in collaboration-sql.ts; collaborators are distinct co-authors).
 */
import { authorRowInCollaborationSql, isCollaborationSql } from '../videos/collaboration-sql';
import { REBUILD_CREATOR_VIDEO_DATES_SQL } from './creator-video-dates';

/** Every video's number of authors: `video_id, authors`. */
export const EXPECTED_VIDEO_COUNTS_SQL = `
  SELECT v.id AS video_id, COUNT(va.creator_id) AS authors
    FROM videos v LEFT JOIN video_authors va ON va.video_id = v.id
   GROUP BY v.id`;

/** Every creator's figures: `creator_id, videos, collaborations, collaborators`. */
export const EXPECTED_CREATOR_COUNTS_SQL = `
  SELECT c.id AS creator_id,
         COALESCE(own.videos, 0) AS videos,
         COALESCE(own.collaborations, 0) AS collaborations,
         COALESCE(co.collaborators, 0) AS collaborators
    FROM creators c
    LEFT JOIN (SELECT va.creator_id,
                      COUNT(*) AS videos,
                      SUM(CASE WHEN ${authorRowInCollaborationSql('va')} THEN 1 ELSE 0 END) AS collaborations
                 FROM video_authors va
                GROUP BY va.creator_id) own
      ON own.creator_id = c.id
    LEFT JOIN (SELECT a.creator_id, COUNT(DISTINCT b.creator_id) AS collaborators
                 FROM video_authors a
                 JOIN video_authors b ON b.video_id = a.video_id AND b.creator_id <> a.creator_id
                GROUP BY a.creator_id) co
      ON co.creator_id = c.id`;

/**
 * Every creator's collaborations counted by event: `creator_id, events`, the distinct events among its
 * collaborative videos (a video in no event is its own; event ids are positive, so `-id` keys a video
 * apart from every event). Creators without any are absent. From the authorships themselves, not the
 * stored video counts, so that a repair can tell both wrong.
 */
export const EXPECTED_EVENT_COUNTS_SQL = `
  SELECT va.creator_id, COUNT(DISTINCT COALESCE(v.event_id, -v.id)) AS events
    FROM video_authors va
    JOIN videos v ON v.id = va.video_id
   WHERE ${authorRowInCollaborationSql('va')}
   GROUP BY va.creator_id`;

/**
 * The statements that replaced every count before collab events existed (creators, videos, totals):
 * the migration that created those tables runs exactly these, before `videos.event_id` exists.
 */
export const REBUILD_CREATOR_VIDEO_COUNTS_SQL: readonly string[] = [
  'DELETE FROM count_totals',
  'DELETE FROM creator_counts',
  'DELETE FROM video_counts',
  `INSERT INTO video_counts (video_id, authors) ${EXPECTED_VIDEO_COUNTS_SQL}`,
  `INSERT INTO creator_counts (creator_id, videos, collaborations, collaborators) ${EXPECTED_CREATOR_COUNTS_SQL}`,
  `INSERT INTO count_totals (id, creators, videos, collaborations, creators_with_videos)
   SELECT 1,
          (SELECT COUNT(*) FROM creator_counts),
          (SELECT COUNT(*) FROM video_counts),
          (SELECT COUNT(*) FROM video_counts WHERE ${isCollaborationSql('authors')}),
          (SELECT COUNT(*) FROM creator_counts WHERE videos > 0)`,
];

/** Replaces the counts by event. */
export const REBUILD_EVENT_COUNTS_SQL: readonly string[] = [
  'DELETE FROM creator_event_counts',
  `INSERT INTO creator_event_counts (creator_id, events) ${EXPECTED_EVENT_COUNTS_SQL}`,
];

/** Statements that replace every stored count; run in order, inside one transaction of the caller's. */
export const REBUILD_COUNTS_SQL: readonly string[] = [
  ...REBUILD_CREATOR_VIDEO_COUNTS_SQL,
  ...REBUILD_EVENT_COUNTS_SQL,
  ...REBUILD_CREATOR_VIDEO_DATES_SQL,
];
