import { Controller, Get } from '@nestjs/common';
import { API_ROUTES } from '@friends/shared';
import { JsonText } from '../common/json-response';
import { PathId } from '../common/id-params';
import { InsightsService } from './insights.service';

/** Insights reads (issue 17), public. The period leaderboard is served by StatsController's route. */
@Controller()
export class InsightsController {
  constructor(private readonly insights: InsightsService) {}

  /** SuggestedCreator[]; a merged-away id answers its primary's suggestions. */
  @Get(`${API_ROUTES.creators}/:id/suggested`)
  @JsonText()
  suggested(@PathId() id: number) {
    return this.insights.suggestedJson(id);
  }
}
