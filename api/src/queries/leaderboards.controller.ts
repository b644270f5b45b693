import { BadRequestException, Controller, Get, Query } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import {
  API_ROUTES,
  GROUP_MESSAGES,
  INVALID_COUNT,
  INVALID_PERIOD,
  LEADERBOARD_COUNTS,
  LEADERBOARD_PERIODS,
  isIsoDate,
  isLeaderboardCount,
  isLeaderboardPeriod,
  type GroupLeaderboard,
  type GroupPeriodLeaderboard,
  type Leaderboard,
  type PeriodLeaderboard,
} from '@friends/shared';
import { CachedAnswer, GROUP_TABLES } from '../common/cached-answer';
import { GroupBoards } from './group-boards';
import { LeaderboardsService } from './leaderboards.service';

/** The leaderboards, public. The windows of whole UTC days move at midnight: the answer expires then. */
@Controller()
export class LeaderboardsController {
  constructor(
    private readonly leaderboards: LeaderboardsService,
    private readonly groupBoards: GroupBoards,
  ) {}

  /**
   * Leaderboard; `?period=week|month|year` a PeriodLeaderboard, `all` (the default) the all-time one.
   * `?group=<id>` ranks only the creators who were members of the group on `?asOf=` (default today):
   * a GroupLeaderboard or GroupPeriodLeaderboard (docs/product.md "Groups"). `?count=events` counts
   * each collab event once (docs/product.md "Counting by event"); `videos`, the default, each video.
   */
  @Get(API_ROUTES.leaderboard)
  @CachedAnswer({ reads: GROUP_TABLES, expires: 'utc-midnight' })
  @ApiQuery({ name: 'period', required: false, enum: LEADERBOARD_PERIODS })
  @ApiQuery({
    name: 'count',
    required: false,
    enum: LEADERBOARD_COUNTS,
    description: 'videos (default): each collaborative video counts; events: each collab event counts once',
  })
  @ApiQuery({ name: 'group', required: false, schema: { type: 'integer', minimum: 1 } })
  @ApiQuery({
    name: 'asOf',
    required: false,
    description: 'with group: whose members to rank, YYYY-MM-DD (default today, UTC)',
    schema: { type: 'string', format: 'date' },
  })
  leaderboard(
    @Query('period') period?: unknown,
    @Query('group') group?: unknown,
    @Query('asOf') asOf?: unknown,
    @Query('count') count?: unknown,
  ): Promise<Leaderboard | PeriodLeaderboard | GroupLeaderboard | GroupPeriodLeaderboard> {
    if (period !== undefined && !isLeaderboardPeriod(period)) throw new BadRequestException(INVALID_PERIOD);
    if (count !== undefined && !isLeaderboardCount(count)) throw new BadRequestException(INVALID_COUNT);
    const counted = count ?? 'videos';
    if (asOf !== undefined && !isIsoDate(asOf)) throw new BadRequestException(GROUP_MESSAGES.asOf);
    if (group !== undefined) {
      const id = typeof group === 'string' && /^\d{1,10}$/.test(group) ? Number(group) : 0;
      if (!(id >= 1 && id <= 2_147_483_647)) throw new BadRequestException(GROUP_MESSAGES.group);
      return this.groupBoards.board(id, asOf, period ?? 'all', counted);
    }
    if (period === undefined || period === 'all') return this.leaderboards.leaderboard(counted);
    return this.leaderboards.periodBoard(period, counted);
  }
}
