import { Injectable } from '@nestjs/common';
import type { Analytics, CreatorAnalytics } from '@friends/shared';
import type { Page } from '../common/page-params';
import { AggregateCache } from '../database/aggregate-cache.service';
import { CountsService } from '../counts/counts.service';
import { TransactionRunner } from '../database/transaction-runner.service';
import { rankedCreators, topCreators } from './creator-rankings';

/** What every GET /api/stats page carries besides its rows: computed once per cache generation. */
type AnalyticsSummary = Omit<Analytics, 'offset' | 'limit' | 'creators'>;

/**
 * The analytics page of docs/product.md §2, read from the counts kept on write (CountsService): the
 * totals one row, 'Most Connected' the top rows of the index on one stored figure, the per-creator table
 * one ordered page of them. Answers are cached until the next write.
 */
@Injectable()
export class AnalyticsService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly cache: AggregateCache,
    private readonly counts: CountsService,
  ) {}

  /** One page of the per-creator rows (most videos first) with the totals; each page is its own answer. */
  analyticsJson({ offset, limit }: Page): Promise<Buffer> {
    return this.cache.json(`analytics:${offset}:${limit}`, async () => {
      const summary = await this.analyticsSummary();
      const creators = await this.tx.read(async (manager) =>
        (await rankedCreators(manager, 'videos', limit, offset)).map(
          ({ id, name, photo, stats }): CreatorAnalytics => ({ id, name, photo, stats }),
        ),
      );
      const page: Analytics = { ...summary, offset, limit, creators };
      return page;
    });
  }

  private analyticsSummary(): Promise<AnalyticsSummary> {
    return this.cache.value('analytics:summary', () =>
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
    );
  }
}
