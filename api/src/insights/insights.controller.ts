import { BadRequestException, Controller, Get, Query } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import { API_ROUTES, BRIDGES_DEFAULT_LIMIT, BRIDGES_MAX_LIMIT, INSIGHTS_ROUTES } from '@friends/shared';
import { JsonText } from '../common/json-response';
import { PathId } from '../common/id-params';
import { InsightsService } from './insights.service';
import { NetworkAnalysisService } from './network-analysis.service';

const INVALID_LIMIT = `limit must be a whole number from 1 to ${BRIDGES_MAX_LIMIT}`;

/** `?limit=` as written: decimal digits only (see common/page-params.ts), 1 to BRIDGES_MAX_LIMIT. */
function parseLimit(value: unknown): number {
  if (value === undefined) return BRIDGES_DEFAULT_LIMIT;
  const text = typeof value === 'string' ? value : '';
  const limit = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
  if (!(limit >= 1 && limit <= BRIDGES_MAX_LIMIT)) throw new BadRequestException(INVALID_LIMIT);
  return limit;
}

/** Insights reads (issue 17), public. The period leaderboard is served by StatsController's route. */
@Controller()
export class InsightsController {
  constructor(
    private readonly insights: InsightsService,
    private readonly analysis: NetworkAnalysisService,
  ) {}

  /** SuggestedCreator[]; a merged-away id answers its primary's suggestions. */
  @Get(`${API_ROUTES.creators}/:id/suggested`)
  @JsonText()
  suggested(@PathId() id: number) {
    return this.insights.suggestedJson(id);
  }

  /** Communities, from the last analysis of the network. */
  @Get(INSIGHTS_ROUTES.communities)
  @JsonText()
  communities() {
    return this.analysis.communitiesJson();
  }

  /** Bridge[], highest betweenness first, from the last analysis of the network. */
  @Get('/api/network/bridges')
  @JsonText()
  @ApiQuery({
    name: 'limit',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: BRIDGES_MAX_LIMIT, default: BRIDGES_DEFAULT_LIMIT },
  })
  bridges(@Query('limit') limit?: unknown) {
    return this.analysis.bridgesJson(parseLimit(limit));
  }
}
