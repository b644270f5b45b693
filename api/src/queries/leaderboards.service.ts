import { Injectable } from '@nestjs/common';
import {
  buildPeriodLeaderboard,
  defaultAvatarUrl,
  mergeByEvent,
  pairKey,
  periodWindows,
  utcDay,
  type DatedAuthorship,
  type DatedPeriod,
  type Leaderboard,
  type LeaderboardCount,
  type LeaderboardCreator,
  type PeriodLeaderboard,
} from '@friends/shared';
import type { EntityManager } from 'typeorm';
import { int, rows, rowsWhereIn } from '../database/sql';
import { TransactionRunner } from '../database/transaction-runner.service';
import { isCollaborationSql } from '../videos/collaboration-sql';
import { rollPeriodCounts, periodStateDay } from '../counts/period-counts';
import { topCreators, topCreatorsByEvents } from './creator-rankings';
import { storedPeriodBoard } from './period-boards';

/**
 * The leaderboards: over all time the top rows of the indexes on the counts kept on write; by period
 * computed in SQL plus shared's pure rules. Cached by the route (common/cached-answer.ts). See
 * docs/architecture.md "Insights".
 */
@Injectable()
export class LeaderboardsService {
  constructor(private readonly tx: TransactionRunner) {}

  /**
   * Over all time: the top creators by collaborations and by collaborators. Counted by event, the
   * collaborations are the stored counts by event (creator_event_counts); collaborators stay the
   * distinct co-authors, which grouping does not change.
   */
  leaderboard(count: LeaderboardCount = 'videos'): Promise<Leaderboard> {
    return this.tx.read(async (manager): Promise<Leaderboard> => {
      if (count === 'events')
        return {
          mostCollaborations: await topCreatorsByEvents(manager),
          mostCollaborators: await topCreators(manager, 'collaborators'),
        };
      return {
        mostCollaborations: await topCreators(manager, 'collaborations'),
        mostCollaborators: await topCreators(manager, 'collaborators'),
      };
    });
  }

  /** The period's board as of `today` (the route keys it by the day and lets it expire at midnight). */
  async periodBoard(
    period: DatedPeriod,
    count: LeaderboardCount = 'videos',
    today: string = utcDay(),
  ): Promise<PeriodLeaderboard> {
    if (today !== utcDay()) {
      return this.tx.read((manager) => this.periodLeaderboard(manager, period, today, undefined, count));
    }
    await this.rollPeriodCountsTo(today);
    return this.tx.read(async (manager) => {
      if ((await periodStateDay(manager)) !== today)
        return this.periodLeaderboard(manager, period, today, undefined, count);
      return storedPeriodBoard(manager, period, count, today);
    });
  }

  /** The counts kept per period answer a board once they are for today; the first read of a day moves them. */
  async rollPeriodCountsTo(today: string): Promise<void> {
    if ((await this.tx.read((manager) => periodStateDay(manager))) !== today) {
      await this.tx.write((manager) => rollPeriodCounts(manager, today), { affectsAnswers: false });
    }
  }

  /**
   * The period's board; with `members`, of those creators only (a group's board as of a day): only
   * their videos are read, and only pairs of two of them can be new. Counted by event, the uploads of
   * one event are merged (every author once, the earliest date) before ranking.
   */
  async periodLeaderboard(
    manager: EntityManager,
    period: DatedPeriod,
    today: string,
    members?: readonly number[],
    count: LeaderboardCount = 'videos',
  ): Promise<PeriodLeaderboard> {
    const { current, previous } = periodWindows(period, today);
    if (members?.length === 0) return buildPeriodLeaderboard(period, today, new Map(), [], new Set());
    const only = members ? `(${members.map((id) => int(id)).join(', ')})` : '';
    // Every authorship of a collaboration dated in either window (undated videos have date '' and fall
    // outside; solo videos, three in four, count for nothing here and are left unread).
    const found = await rows<{ id: number; date: string; event_id: number | null; creator_id: number }>(
      manager,
      `SELECT v.id, v.date, v.event_id, va.creator_id
         FROM videos v
         JOIN video_counts vc ON vc.video_id = v.id
         JOIN video_authors va ON va.video_id = v.id
        WHERE v.date >= ? AND v.date <= ? AND ${isCollaborationSql('vc.authors')}
          ${only ? `AND v.id IN (SELECT m.video_id FROM video_authors m WHERE m.creator_id IN ${only})` : ''}
        ORDER BY v.id`,
      [previous.from, current.to],
    );
    const videos = new Map<
      number,
      { id: number; eventId: number | null; authorIds: number[]; date: string }
    >();
    for (const row of found) {
      const id = int(row.id);
      const video = videos.get(id) ?? {
        id,
        eventId: row.event_id === null ? null : int(row.event_id),
        authorIds: [],
        date: String(row.date),
      };
      video.authorIds.push(int(row.creator_id));
      videos.set(id, video);
    }
    const collaborations = [...videos.values()].filter((video) => video.authorIds.length > 1);
    const dated: DatedAuthorship[] =
      count === 'events'
        ? mergeByEvent(collaborations)
        : collaborations.map(({ authorIds, date }) => ({ authorIds, date }));
    const authorIds = members ? [...members] : [...new Set(dated.flatMap((video) => video.authorIds))];
    const creators = new Map<number, LeaderboardCreator>();
    for (const row of await rowsWhereIn<{ id: number; name: string; photo: string }>(
      manager,
      'id',
      authorIds,
      (where) => `SELECT id, name, photo FROM creators ${where}`,
    )) {
      creators.set(int(row.id), {
        id: int(row.id),
        name: row.name,
        photo: row.photo || defaultAvatarUrl(row.name),
      });
    }
    // Pairs of the current window that already had a dated video together before it (so not new). The
    // earlier video is looked for among the videos of whichever of the two made fewer (counts kept on
    // write): from the other side, a pair with a prolific creator read thousands of rows per pair.
    const before = await rows<{ a: number; b: number }>(
      manager,
      `SELECT p.a, p.b
         FROM (SELECT DISTINCT a.creator_id AS a, b.creator_id AS b,
                      CASE WHEN ca.videos <= cb.videos THEN a.creator_id ELSE b.creator_id END AS fewer,
                      CASE WHEN ca.videos <= cb.videos THEN b.creator_id ELSE a.creator_id END AS more
                 FROM videos v
                 JOIN video_authors a ON a.video_id = v.id
                 JOIN video_authors b ON b.video_id = v.id AND b.creator_id > a.creator_id
                 JOIN creator_counts ca ON ca.creator_id = a.creator_id
                 JOIN creator_counts cb ON cb.creator_id = b.creator_id
                WHERE v.date >= ? AND v.date <= ?
                  ${only ? `AND a.creator_id IN ${only} AND b.creator_id IN ${only}` : ''}) p
        WHERE EXISTS (SELECT 1
                        FROM video_authors x
                        JOIN video_authors y ON y.video_id = x.video_id AND y.creator_id = p.more
                        JOIN videos w ON w.id = x.video_id
                       WHERE x.creator_id = p.fewer AND w.date <> '' AND w.date < ?)`,
      [current.from, current.to, current.from],
    );
    const pairsBefore = new Set(before.map((row) => pairKey(int(row.a), int(row.b))));
    return buildPeriodLeaderboard(period, today, creators, dated, pairsBefore);
  }
}
