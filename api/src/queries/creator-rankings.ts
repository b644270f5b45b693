import {
  LEADERBOARD_SIZE,
  defaultAvatarUrl,
  type CreatorAnalytics,
  type LeaderboardEntry,
} from '@friends/shared';
import type { EntityManager } from 'typeorm';
import { creatorStats } from '../creators/creator-profile.service';
import { int, rows } from '../database/sql';

/** The stored per-creator figures a ranking may order by (`creator_counts`, see CountsService). */
export type Figure = 'videos' | 'collaborations' | 'collaborators';

/**
 * Creators with `figure` > 0 in the leaderboard order, `limit` of them from `offset`: the top rows of
 * the index on that stored figure. Tie order as shared's compareLeaderboardEntries: count descending,
 * then LOWER(name), then id.
 */
export async function rankedCreators(
  manager: EntityManager,
  figure: Figure,
  limit: number,
  offset: number,
): Promise<CreatorAnalytics[]> {
  const found = await rows<{
    id: number;
    name: string;
    photo: string;
    videos: number;
    collaborations: number;
    collaborators: number;
  }>(
    manager,
    `SELECT c.id, c.name, c.photo, cc.videos, cc.collaborations, cc.collaborators
       FROM creator_counts cc JOIN creators c ON c.id = cc.creator_id
      WHERE cc.${figure} > 0
      ORDER BY cc.${figure} DESC, LOWER(c.name) ASC, c.id ASC
      LIMIT ${Math.trunc(limit)} OFFSET ${Math.trunc(offset)}`,
  );
  return found.map((row) => ({
    id: int(row.id),
    name: row.name,
    photo: row.photo || defaultAvatarUrl(row.name),
    stats: creatorStats({
      total: int(row.videos),
      collaborations: int(row.collaborations),
      collaborators: int(row.collaborators),
    }),
  }));
}

/** The top LEADERBOARD_SIZE creators by `figure`, those with 0 left out. */
export async function topCreators(manager: EntityManager, figure: Figure): Promise<LeaderboardEntry[]> {
  return (await rankedCreators(manager, figure, LEADERBOARD_SIZE, 0)).map(({ id, name, photo, stats }) => ({
    id,
    name,
    photo,
    count: figure === 'videos' ? stats.totalVideos : stats[figure],
  }));
}

/**
 * The top LEADERBOARD_SIZE creators by collaborations counted by event (the stored
 * creator_event_counts), in the same tie order.
 */
export async function topCreatorsByEvents(manager: EntityManager): Promise<LeaderboardEntry[]> {
  const found = await rows<{ id: number; name: string; photo: string; events: number }>(
    manager,
    `SELECT c.id, c.name, c.photo, ec.events
       FROM creator_event_counts ec JOIN creators c ON c.id = ec.creator_id
      WHERE ec.events > 0
      ORDER BY ec.events DESC, LOWER(c.name) ASC, c.id ASC
      LIMIT ${LEADERBOARD_SIZE}`,
  );
  return found.map((row) => ({
    id: int(row.id),
    name: row.name,
    photo: row.photo || defaultAvatarUrl(row.name),
    count: int(row.events),
  }));
}
