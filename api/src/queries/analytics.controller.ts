import { Controller, Get } from '@nestjs/common';
import { ANALYTICS_MAX_LIMIT, ANALYTICS_PAGE_SIZE, API_ROUTES, type Analytics } from '@friends/shared';
import { CachedAnswer, type CachedAnswerOptions } from '../common/cached-answer';
import type { LightRoute } from '../common/light-routes';
import { PageQuery, parseVisitorPage, type Page } from '../common/page-params';
import { ANALYTICS_TABLES, AnalyticsService } from './analytics.service';

const PAGE = { defaultLimit: ANALYTICS_PAGE_SIZE, maxLimit: ANALYTICS_MAX_LIMIT, visitorWindow: true };
const ANSWER: CachedAnswerOptions = { reads: ANALYTICS_TABLES };

/**
 * Analytics for the HTTP server's light path (common/cached-answers.ts), which the first read after a
 * write takes: the route's own checks and call, so both answer alike.
 */
export function analyticsRoute(service: AnalyticsService): LightRoute {
  return {
    path: API_ROUTES.stats,
    params: ['offset', 'limit'],
    answer: ANSWER,
    prepare: (query) => {
      const page = parseVisitorPage(query, PAGE);
      return () => service.analytics(page);
    },
  };
}

/** The analytics page's reads. */
@Controller()
export class AnalyticsController {
  constructor(private readonly service: AnalyticsService) {}

  /**
   * Analytics, `?offset=&limit=` one page of its per-creator rows (every row of 10,000 creators was 1.5 MB).
   * Shown on an admin view, but nothing in it is private (all derivable from public reads).
   */
  @Get(API_ROUTES.stats)
  @CachedAnswer(ANSWER)
  analytics(@PageQuery(PAGE) page: Page): Promise<Analytics> {
    return this.service.analytics(page);
  }
}
