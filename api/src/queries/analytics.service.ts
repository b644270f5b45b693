import { Injectable } from '@nestjs/common';
import type { Analytics, CreatorAnalytics } from '@friends/shared';
import type { Page } from '../common/page-params';
import type { AnswerTable } from '../common/cached-answer';
import { AggregateCache } from '../database/aggregate-cache.service';
import { CountsService } from '../counts/counts.service';
import { TransactionRunner } from '../database/transaction-runner.service';
import { rankedCreators, topCreators } from './creator-rankings';

/** What every GET /api/stats page carries besides its rows: computed once per change of what it reads. */
type AnalyticsSummary = Omit<Analytics, 'offset' | 'limit' | 'creators'>;

/** What the analytics read: the counts kept on write and the creators they name. */
export const ANALYTICS_TABLES: readonly AnswerTable[] = ['creators', 'creator_counts', 'count_totals'];

/**
 * The analytics page of docs/product.md §2, read from the counts kept on write (CountsService): the
 * totals one row, 'Most Connected' the top rows of the index on one stored figure, the per-creator table
 * one ordered page of them. Each page is cached by its route (common/cached-answer.ts).
 */
@Injectable()
export class AnalyticsService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly cache: AggregateCache,
    private readonly counts: CountsService,
  ) {}

  /** One page of the per-creator rows (most videos first) with the totals; each page is its own answer. */
  async analytics({ offset, limit }: Page): Promise<Analytics> {
    const summary = await this.analyticsSummary();
    const creators = await this.tx.read(async (manager) =>
      (await rankedCreators(manager, 'videos', limit, offset)).map(
        ({ id, name, photo, stats }): CreatorAnalytics => ({ id, name, photo, stats }),
      ),
    );
    return { ...summary, offset, limit, creators };
  }

  private analyticsSummary(): Promise<AnalyticsSummary> {
    return this.cache.value(
      'analytics:summary',
      () =>
        this.tx.read(async (manager) => {
          const totals = await this.counts.totals(manager);
          return {
            totalCreators: totals.creators,
            totalVideos: totals.videos,
            collaborations: totals.collaborations,
            mostConnected: await topCreators(manager, 'collaborators'),
            creatorsWithVideos: totals.creatorsWithVideos,
          };
        }),
      ANALYTICS_TABLES,
    );
  }
}
