import { BadRequestException, Controller, Get, Query } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import { API_ROUTES, INVALID_PERIOD, LEADERBOARD_PERIODS, isLeaderboardPeriod } from '@friends/shared';
import { JsonText } from '../common/json-response';
import { LeaderboardsService } from './leaderboards.service';

/** The leaderboards, public, answered as cached JSON text. */
@Controller()
export class LeaderboardsController {
  constructor(private readonly leaderboards: LeaderboardsService) {}

  /** Leaderboard; `?period=week|month|year` a PeriodLeaderboard, `all` (the default) the all-time one. */
  @Get(API_ROUTES.leaderboard)
  @JsonText()
  @ApiQuery({ name: 'period', required: false, enum: LEADERBOARD_PERIODS })
  leaderboard(@Query('period') period?: unknown): Promise<Buffer> {
    if (period === undefined) return this.leaderboards.leaderboardJson();
    if (!isLeaderboardPeriod(period)) throw new BadRequestException(INVALID_PERIOD);
    if (period === 'all') return this.leaderboards.leaderboardJson();
    return this.leaderboards.periodLeaderboardJson(period);
  }
}
