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
import { CachedAnswer, GROUP_TABLES, type CachedAnswerOptions } from '../common/cached-answer';
import type { LightRoute } from '../common/light-routes';
import { GroupBoards } from './group-boards';
import { LeaderboardsService } from './leaderboards.service';

type Board = Leaderboard | PeriodLeaderboard | GroupLeaderboard | GroupPeriodLeaderboard;

/** The windows of whole UTC days move at midnight: the answer expires then. */
const ANSWER: CachedAnswerOptions = { reads: GROUP_TABLES, expires: 'utc-midnight' };

/** The route's query parameters, as written. */
interface BoardQuery {
  period?: unknown;
  group?: unknown;
  asOf?: unknown;
  count?: unknown;
}

/** The board `query` asks for, checked (a 400 when a parameter is bad) before it is computed. */
function boardOf(
  leaderboards: LeaderboardsService,
  groupBoards: GroupBoards,
  query: BoardQuery,
): () => Promise<Board> {
  const { period, group, asOf, count } = query;
  if (period !== undefined && !isLeaderboardPeriod(period)) throw new BadRequestException(INVALID_PERIOD);
  if (count !== undefined && !isLeaderboardCount(count)) throw new BadRequestException(INVALID_COUNT);
  const counted = count ?? 'videos';
  if (asOf !== undefined && !isIsoDate(asOf)) throw new BadRequestException(GROUP_MESSAGES.asOf);
  if (group !== undefined) {
    const id = typeof group === 'string' && /^\d{1,10}$/.test(group) ? Number(group) : 0;
    if (!(id >= 1 && id <= 2_147_483_647)) throw new BadRequestException(GROUP_MESSAGES.group);
    return () => groupBoards.board(id, asOf, period ?? 'all', counted);
  }
  if (period === undefined || period === 'all') return () => leaderboards.leaderboard(counted);
  return () => leaderboards.periodBoard(period, counted);
}

/**
 * The leaderboard for the HTTP server's light path (common/cached-answers.ts), which the first read
 * after a write takes: the route's own checks and call, so both answer alike.
 */
export function leaderboardRoute(leaderboards: LeaderboardsService, groupBoards: GroupBoards): LightRoute {
  return {
    path: API_ROUTES.leaderboard,
    params: ['period', 'group', 'asOf', 'count'],
    answer: ANSWER,
    prepare: (query) => boardOf(leaderboards, groupBoards, query),
  };
}

/** The leaderboards, public. */
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
  @CachedAnswer(ANSWER)
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
  ): Promise<Board> {
    return boardOf(this.leaderboards, this.groupBoards, { period, group, asOf, count })();
  }
}
