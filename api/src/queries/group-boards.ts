/**
 * Reads that join the groups with creators and videos (docs/product.md "Groups"): a group's board as
 * of a day and how much of its collaboration happens inside it. Membership periods come from the
 * groups module's reader; the counting rules are shared's (groupYearStats, compareLeaderboardEntries).
 */
import { Injectable, NotFoundException } from '@nestjs/common';
import {
  GROUP_MESSAGES,
  LEADERBOARD_SIZE,
  compareLeaderboardEntries,
  defaultAvatarUrl,
  groupYearStats,
  utcDay,
  type DatedPeriod,
  type GroupBoardScope,
  type GroupLeaderboard,
  type GroupPeriodLeaderboard,
  type GroupStats,
  type Leaderboard,
  type LeaderboardCount,
  type LeaderboardEntry,
  type LeaderboardPeriod,
  type PeriodLeaderboard,
} from '@friends/shared';
import type { EntityManager } from 'typeorm';
import { int, rows, rowsWhereIn } from '../database/sql';
import { TransactionRunner } from '../database/transaction-runner.service';
import { readGroupPeriods, readGroupRow, readMembersOn } from '../groups/group-reader';
import { isCollaborationSql } from '../videos/collaboration-sql';
import { LeaderboardsService } from './leaderboards.service';
import { storedMembersPeriodBoard } from './period-boards';
import { periodStateDay } from '../counts/period-counts';
import { readGroupYearCounts } from '../groups/group-counts';

/**
 * The all-time lists of these creators, from the counts kept on write (every collaboration of theirs
 * counts, inside the group or not): one indexed row per member.
 */
async function membersBoard(
  manager: EntityManager,
  members: readonly number[],
  count: LeaderboardCount,
): Promise<Leaderboard> {
  // Counted by event, the collaborations are the stored counts by event (0 when a member has none).
  const collaborations =
    count === 'events'
      ? 'COALESCE((SELECT ec.events FROM creator_event_counts ec WHERE ec.creator_id = c.id), 0)'
      : 'cc.collaborations';
  const found = await rowsWhereIn<{
    id: number;
    name: string;
    photo: string;
    collaborations: number;
    collaborators: number;
  }>(
    manager,
    'cc.creator_id',
    members,
    (where) =>
      `SELECT c.id, c.name, c.photo, ${collaborations} AS collaborations, cc.collaborators
         FROM creator_counts cc JOIN creators c ON c.id = cc.creator_id ${where}`,
  );
  const list = (figure: 'collaborations' | 'collaborators'): LeaderboardEntry[] =>
    found
      .map((row) => ({
        id: int(row.id),
        name: row.name,
        photo: row.photo || defaultAvatarUrl(row.name),
        count: int(row[figure]),
      }))
      .filter((entry) => entry.count > 0)
      .sort(compareLeaderboardEntries)
      .slice(0, LEADERBOARD_SIZE);
  return { mostCollaborations: list('collaborations'), mostCollaborators: list('collaborators') };
}

/**
 * The collaborations that may count for the group (docs/product.md "Groups"): dated videos with two or
 * more authors, one of them a member on the video's date, with all their authors. Driven by the
 * members' periods: each period reads its creator's videos in that range through the
 * (creator_id, video_id) index, so the cost follows the members' videos, not the tables.
 */
async function groupCollaborations(
  manager: EntityManager,
  groupId: number,
): Promise<{ date: string; authorIds: number[] }[]> {
  const found = await rows<{ video_id: number; date: string; creator_id: number }>(
    manager,
    `SELECT x.video_id, x.date, a.creator_id
       FROM (SELECT DISTINCT v.id AS video_id, v.date
               FROM group_members gm
               JOIN video_authors va ON va.creator_id = gm.creator_id
               JOIN videos v ON v.id = va.video_id
               JOIN video_counts vc ON vc.video_id = v.id
              WHERE gm.group_id = ? AND v.date >= gm.from_date
                AND (gm.to_date IS NULL OR v.date <= gm.to_date)
                AND ${isCollaborationSql('vc.authors')}) x
       JOIN video_authors a ON a.video_id = x.video_id`,
    [groupId],
  );
  const videos = new Map<number, { date: string; authorIds: number[] }>();
  for (const row of found) {
    const id = int(row.video_id);
    const video = videos.get(id) ?? { date: String(row.date), authorIds: [] };
    video.authorIds.push(int(row.creator_id));
    videos.set(id, video);
  }
  return [...videos.values()];
}

/** Group boards and stats (cached by their routes, see common/cached-answer.ts). */
@Injectable()
export class GroupBoards {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly leaderboards: LeaderboardsService,
  ) {}

  /**
   * GET /api/leaderboard?group=&asOf=&period=: the board of the creators who were members on `asOf`.
   * The period's windows still end today; `asOf` only says whose board it is. `count` as the
   * leaderboard's (`events`: each collab event once).
   */
  async board(
    groupId: number,
    asOf: string | undefined,
    period: LeaderboardPeriod,
    count: LeaderboardCount = 'videos',
    today: string = utcDay(),
  ): Promise<GroupLeaderboard | GroupPeriodLeaderboard> {
    const day = asOf ?? today;
    if (period !== 'all' && today === utcDay()) await this.leaderboards.rollPeriodCountsTo(today);
    return this.tx.read(async (manager): Promise<GroupLeaderboard | GroupPeriodLeaderboard> => {
      const group = await readGroupRow(manager, groupId);
      if (!group) throw new NotFoundException(GROUP_MESSAGES.notFound);
      const members = await readMembersOn(manager, groupId, day);
      const scope: GroupBoardScope = { group, asOf: day, members: members.length };
      if (period === 'all') return { ...(await membersBoard(manager, members, count)), ...scope };
      // The counts kept per period hold every member's row once they are for today (rolled above).
      const board =
        today === utcDay() && (await periodStateDay(manager)) === today
          ? await storedMembersPeriodBoard(manager, period as DatedPeriod, count, today, members)
          : await this.leaderboards.periodLeaderboard(manager, period as DatedPeriod, today, members, count);
      return { ...board, ...scope };
    });
  }

  /** GET /api/groups/:id/stats: per year, the group's collaborations inside it and across it (kept on write). */
  stats(groupId: number): Promise<GroupStats> {
    return this.tx.read(async (manager): Promise<GroupStats> => {
      const group = await readGroupRow(manager, groupId);
      if (!group) throw new NotFoundException(GROUP_MESSAGES.notFound);
      return readGroupYearCounts(manager, groupId);
    });
  }

  /** The stats computed from the members' videos and periods (the tests check the kept counts against it). */
  statsFromScratch(groupId: number): Promise<GroupStats> {
    return this.tx.read(async (manager): Promise<GroupStats> => {
      const periods = await readGroupPeriods(manager, groupId);
      return groupYearStats(await groupCollaborations(manager, groupId), periods);
    });
  }

  /** The period board read from the members' videos instead of the counts kept per period (the tests' reference). */
  periodBoardFromScratch(
    groupId: number,
    asOf: string,
    period: DatedPeriod,
    count: LeaderboardCount,
    today: string = utcDay(),
  ): Promise<PeriodLeaderboard> {
    return this.tx.read(async (manager) =>
      this.leaderboards.periodLeaderboard(
        manager,
        period,
        today,
        await readMembersOn(manager, groupId, asOf),
        count,
      ),
    );
  }
}
