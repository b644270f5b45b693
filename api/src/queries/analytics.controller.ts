import { Controller, Get } from '@nestjs/common';
import { ANALYTICS_MAX_LIMIT, ANALYTICS_PAGE_SIZE, API_ROUTES, type Analytics } from '@friends/shared';
import { CachedAnswer } from '../common/cached-answer';
import { PageQuery, type Page } from '../common/page-params';
import { ANALYTICS_TABLES, AnalyticsService } from './analytics.service';

/** The analytics page's reads. */
@Controller()
export class AnalyticsController {
  constructor(private readonly service: AnalyticsService) {}

  /**
   * Analytics, `?offset=&limit=` one page of its per-creator rows (every row of 10,000 creators was 1.5 MB).
   * Shown on an admin view, but nothing in it is private (all derivable from public reads).
   */
  @Get(API_ROUTES.stats)
  @CachedAnswer({ reads: ANALYTICS_TABLES })
  analytics(
    @PageQuery({ defaultLimit: ANALYTICS_PAGE_SIZE, maxLimit: ANALYTICS_MAX_LIMIT }) page: Page,
  ): Promise<Analytics> {
    return this.service.analytics(page);
  }
}
