import { Controller, Get } from '@nestjs/common';
import { ANALYTICS_MAX_LIMIT, ANALYTICS_PAGE_SIZE, API_ROUTES } from '@friends/shared';
import { JsonText } from '../common/json-response';
import { PageQuery, type Page } from '../common/page-params';
import { AnalyticsService } from './analytics.service';

/** The analytics page's reads, answered as cached JSON text. */
@Controller()
export class AnalyticsController {
  constructor(private readonly service: AnalyticsService) {}

  /**
   * Analytics, `?offset=&limit=` one page of its per-creator rows (every row of 10,000 creators was 1.5 MB).
   * Shown on an admin view, but nothing in it is private (all derivable from public reads).
   */
  @Get(API_ROUTES.stats)
  @JsonText()
  analytics(
    @PageQuery({ defaultLimit: ANALYTICS_PAGE_SIZE, maxLimit: ANALYTICS_MAX_LIMIT }) page: Page,
  ): Promise<Buffer> {
    return this.service.analyticsJson(page);
  }
}
