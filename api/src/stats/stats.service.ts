import { Injectable, NotFoundException } from '@nestjs/common';
import {
  FREQUENT_COLLABORATORS_SIZE,
  LEADERBOARD_SIZE,
  defaultAvatarUrl,
  type Analytics,
  type CreatorAnalytics,
  type CreatorProfile,
  type CreatorStats,
  type FrequentCollaborator,
  type Leaderboard,
  type LeaderboardEntry,
} from '@friends/shared';
import type { EntityManager } from 'typeorm';
import { readCreators, resolveCreatorId } from '../creators/creator-reader';
import { CREATOR_NOT_FOUND } from '../creators/creators.service';
import type { Page } from '../common/page-params';
import { AggregateCache } from '../database/aggregate-cache.service';
import { CountsService } from '../database/counts.service';
import type { CreatorCounts } from '../database/creator-counts.service';
import { int, rows } from '../database/sql';
import { TransactionRunner } from '../database/transaction-runner.service';
import { readCreatorVideos } from '../videos/video-reader';

interface Named {
  id: number;
  name: string;
  photo: string;
}
/** What every GET /api/stats page carries besides its rows: computed once per cache generation. */
type AnalyticsSummary = Omit<Analytics, 'offset' | 'limit' | 'creators'>;
/** The stored per-creator figures a ranking may order by (`creator_counts`, see CountsService). */
type Figure = 'videos' | 'collaborations' | 'collaborators';

/**
 * The aggregates of docs/product.md §2 read from the counts kept on write (CountsService): the
 * leaderboard and 'Most Connected' are the top rows of an index on one stored figure, the analytics
 * page one ordered page of them, a creator's page one row. Answers are cached until the next write.
 * Definitions and tie order are shared's reference functions (stats.ts): count descending, then
 * LOWER(name), then id (the same order for ASCII names; see compareLeaderboardEntries).
 */
@Injectable()
export class StatsService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly cache: AggregateCache,
    private readonly counts: CountsService,
  ) {}

  leaderboardJson(): Promise<Buffer> {
    return this.cache.json('leaderboard', () =>
      this.tx.read(async (manager): Promise<Leaderboard> => ({
        mostCollaborations: await this.top(manager, 'collaborations'),
        mostCollaborators: await this.top(manager, 'collaborators'),
      })),
    );
  }

  /** One page of the per-creator rows (most videos first) with the totals; each page is its own answer. */
  analyticsJson({ offset, limit }: Page): Promise<Buffer> {
    return this.cache.json(`analytics:${offset}:${limit}`, async () => {
      const summary = await this.analyticsSummary();
      const creators = await this.tx.read(async (manager) =>
        (await this.ranked(manager, 'videos', limit, offset)).map(
          ({ id, name, photo, stats }): CreatorAnalytics => ({ id, name, photo, stats }),
        ),
      );
      const page: Analytics = { ...summary, offset, limit, creators };
      return page;
    });
  }

  profileJson(id: number): Promise<Buffer> {
    return this.cache.json(`profile:${id}`, () => this.tx.read((manager) => this.profile(manager, id)));
  }

  private analyticsSummary(): Promise<AnalyticsSummary> {
    return this.cache.value('analytics:summary', () =>
      this.tx.read(async (manager) => {
        const totals = await this.counts.totals(manager);
        return {
          totalCreators: totals.creators,
          totalVideos: totals.videos,
          collaborations: totals.collaborations,
          mostConnected: await this.top(manager, 'collaborators'),
          creatorsWithVideos: totals.creatorsWithVideos,
        };
      }),
    );
  }

  /** The top LEADERBOARD_SIZE creators by `figure`, those with 0 left out. */
  private async top(manager: EntityManager, figure: Figure): Promise<LeaderboardEntry[]> {
    return (await this.ranked(manager, figure, LEADERBOARD_SIZE, 0)).map(({ id, name, photo, stats }) => ({
      id,
      name,
      photo,
      count: figure === 'videos' ? stats.totalVideos : stats[figure],
    }));
  }

  /** Creators with `figure` > 0 in the leaderboard order, `limit` of them from `offset`. */
  private async ranked(
    manager: EntityManager,
    figure: Figure,
    limit: number,
    offset: number,
  ): Promise<CreatorAnalytics[]> {
    const found = await rows<Named & { videos: number; collaborations: number; collaborators: number }>(
      manager,
      `SELECT c.id, c.name, c.photo, cc.videos, cc.collaborations, cc.collaborators
         FROM creator_counts cc JOIN creators c ON c.id = cc.creator_id
        WHERE cc.${figure} > 0
        ORDER BY cc.${figure} DESC, LOWER(c.name) ASC, c.id ASC
        LIMIT ${Math.trunc(limit)} OFFSET ${Math.trunc(offset)}`,
    );
    return found.map((row) => ({
      id: int(row.id),
      name: row.name,
      photo: row.photo || defaultAvatarUrl(row.name),
      stats: toStats({
        total: int(row.videos),
        collaborations: int(row.collaborations),
        collaborators: int(row.collaborators),
      }),
    }));
  }

  private async profile(manager: EntityManager, requestedId: number): Promise<CreatorProfile> {
    const id = await resolveCreatorId(manager, requestedId);
    const creator = id === null ? undefined : (await readCreators(manager, [id])).get(id);
    if (id === null || !creator) throw new NotFoundException(CREATOR_NOT_FOUND);

    const [own] = await rows<{ videos: number; collaborations: number; collaborators: number }>(
      manager,
      'SELECT videos, collaborations, collaborators FROM creator_counts WHERE creator_id = ?',
      [id],
    );
    // shared frequentCollaborators: videos together descending, then id ascending.
    const frequent = await rows<Named & { together: number }>(
      manager,
      `SELECT c.id, c.name, c.photo, f.together
         FROM (SELECT other.creator_id AS id, COUNT(*) AS together
                 FROM video_authors mine
                 JOIN video_authors other ON other.video_id = mine.video_id AND other.creator_id <> mine.creator_id
                WHERE mine.creator_id = ?
                GROUP BY other.creator_id) f
         JOIN creators c ON c.id = f.id
        ORDER BY f.together DESC, c.id ASC
        LIMIT ${FREQUENT_COLLABORATORS_SIZE}`,
      [id],
    );
    return {
      creator,
      stats: toStats({
        total: int(own?.videos),
        collaborations: int(own?.collaborations),
        collaborators: int(own?.collaborators),
      }),
      frequentCollaborators: frequent.map((row): FrequentCollaborator => ({
        id: int(row.id),
        name: row.name,
        photo: row.photo || defaultAvatarUrl(row.name),
        count: int(row.together),
      })),
      videos: await readCreatorVideos(manager, id),
    };
  }
}

function toStats(counts: CreatorCounts): CreatorStats {
  return {
    totalVideos: counts.total,
    soloVideos: counts.total - counts.collaborations,
    collaborations: counts.collaborations,
    collaborators: counts.collaborators,
  };
}
