/**
 * "A collaboration is a video with more than one author" in SQL, written once (shared
 * COLLABORATION_MIN_AUTHORS): every count of collaborations builds its query from these.
 */
import { COLLABORATION_MIN_AUTHORS } from '@friends/shared';

/** True (in SQL) when `authorCount`, an expression counting a video's authors, makes it a collaboration. */
export const isCollaborationSql = (authorCount: string): string =>
  `(${authorCount}) >= ${COLLABORATION_MIN_AUTHORS}`;

/** The ids of the videos that are collaborations, as a subquery with one column `video_id`. */
export const COLLABORATION_VIDEO_IDS = `SELECT video_id FROM video_authors GROUP BY video_id HAVING ${isCollaborationSql('COUNT(*)')}`;

/**
 * For an author row `alias` of video_authors: its video is a collaboration. With a minimum of two
 * authors this is "another author exists", which an index answers without counting.
 */
export const authorRowInCollaborationSql = (alias: string): string =>
  COLLABORATION_MIN_AUTHORS === 2
    ? `EXISTS (SELECT 1 FROM video_authors o WHERE o.video_id = ${alias}.video_id AND o.creator_id <> ${alias}.creator_id)`
    : isCollaborationSql(`SELECT COUNT(*) FROM video_authors o WHERE o.video_id = ${alias}.video_id`);
