import { BadRequestException, Controller, Get, Query } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import {
  ANALYTICS_MAX_LIMIT,
  ANALYTICS_PAGE_SIZE,
  API_ROUTES,
  INVALID_PERIOD,
  LEADERBOARD_PERIODS,
  isLeaderboardPeriod,
} from '@friends/shared';
import { InsightsService } from '../insights/insights.service';
import { JsonText } from '../common/json-response';
import { PathId } from '../common/id-params';
import { PageQuery, type Page } from '../common/page-params';
import { StatsService } from './stats.service';

/** The aggregate reads: answered as cached JSON text. */
@Controller()
export class StatsController {
  constructor(
    private readonly stats: StatsService,
    private readonly insights: InsightsService,
  ) {}

  /** Leaderboard; `?period=week|month|year` a PeriodLeaderboard (issue 17), `all` (the default) as before. */
  @Get(API_ROUTES.leaderboard)
  @JsonText()
  @ApiQuery({ name: 'period', required: false, enum: LEADERBOARD_PERIODS })
  leaderboard(@Query('period') period?: unknown): Promise<Buffer> {
    if (period === undefined) return this.stats.leaderboardJson();
    if (!isLeaderboardPeriod(period)) throw new BadRequestException(INVALID_PERIOD);
    if (period === 'all') return this.stats.leaderboardJson();
    return this.insights.periodLeaderboardJson(period);
  }

  /**
   * Analytics, `?offset=&limit=` one page of its per-creator rows (every row of 10,000 creators was 1.5 MB).
   * Shown on an admin view, but nothing in it is private (all derivable from public reads).
   */
  @Get(API_ROUTES.stats)
  @JsonText()
  analytics(
    @PageQuery({ defaultLimit: ANALYTICS_PAGE_SIZE, maxLimit: ANALYTICS_MAX_LIMIT }) page: Page,
  ): Promise<Buffer> {
    return this.stats.analyticsJson(page);
  }

  /** CreatorProfile; a merged-away id answers its primary's profile. */
  @Get(`${API_ROUTES.creators}/:id/profile`)
  @JsonText()
  profile(@PathId() id: number): Promise<Buffer> {
    return this.stats.profileJson(id);
  }
}
