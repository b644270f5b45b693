import { Injectable, NotFoundException } from '@nestjs/common';
import {
  FREQUENT_COLLABORATORS_SIZE,
  LEADERBOARD_SIZE,
  compareLeaderboardEntries,
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
import { readCreators } from '../creators/creator-reader';
import { CREATOR_NOT_FOUND } from '../creators/creators.service';
import type { Page } from '../common/page-params';
import { AggregateCache } from '../database/aggregate-cache.service';
import { CreatorCountsReader, type CreatorCounts } from '../database/creator-counts.service';
import { int, rows } from '../database/sql';
import { TransactionRunner } from '../database/transaction-runner.service';
import { readCreatorVideos } from '../videos/video-reader';
import { COLLABORATION_VIDEO_IDS, isCollaborationSql } from '../videos/collaboration-sql';

interface Named {
  id: number;
  name: string;
  photo: string;
}
/** Everything of GET /api/stats but the page: computed once per cache generation, sliced per page. */
type AnalyticsTable = Omit<Analytics, 'offset' | 'limit' | 'creators'> & { rows: CreatorAnalytics[] };

/**
 * The aggregates of docs/product.md §2 computed in SQL (docs/architecture.md "Deliberate departures" 5) and cached until the next
 * write: the leaderboard, the analytics page (a page of its rows at a time) and a creator's page.
 * Definitions and tie order are shared's reference functions (stats.ts); the tests compare the two on
 * the same data.
 */
@Injectable()
export class StatsService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly cache: AggregateCache,
    private readonly counts: CreatorCountsReader,
  ) {}

  leaderboardJson(): Promise<Buffer> {
    return this.cache.json('leaderboard', async () => {
      const counts = await this.counts.byCreator();
      return this.tx.read((manager) => this.leaderboard(manager, counts));
    });
  }

  /** One page of the per-creator rows with the totals; each page is cached as its own answer. */
  analyticsJson({ offset, limit }: Page): Promise<Buffer> {
    return this.cache.json(`analytics:${offset}:${limit}`, async () => {
      const { rows: all, ...summary } = await this.analyticsTable();
      const page: Analytics = { ...summary, offset, limit, creators: all.slice(offset, offset + limit) };
      return page;
    });
  }

  profileJson(id: number): Promise<Buffer> {
    return this.cache.json(`profile:${id}`, () => this.tx.read((manager) => this.profile(manager, id)));
  }

  private async named(manager: EntityManager): Promise<Named[]> {
    return (await rows<Named>(manager, 'SELECT id, name, photo FROM creators')).map((row) => ({
      id: int(row.id),
      name: row.name,
      photo: row.photo || defaultAvatarUrl(row.name),
    }));
  }

  private async leaderboard(
    manager: EntityManager,
    counts: ReadonlyMap<number, CreatorCounts>,
  ): Promise<Leaderboard> {
    const creators = await this.named(manager);
    const top = (count: (c: CreatorCounts) => number): LeaderboardEntry[] =>
      creators
        .map((creator) => ({
          ...creator,
          count: count(counts.get(creator.id) ?? { total: 0, collaborations: 0, collaborators: 0 }),
        }))
        .filter((entry) => entry.count > 0)
        .sort(compareLeaderboardEntries)
        .slice(0, LEADERBOARD_SIZE);
    return {
      mostCollaborations: top((c) => c.collaborations),
      mostCollaborators: top((c) => c.collaborators),
    };
  }

  /** Every per-creator row, computed once per write however many pages are asked for. */
  private analyticsTable(): Promise<AnalyticsTable> {
    return this.cache.value('analytics:table', async () => {
      const counts = await this.counts.byCreator();
      return this.tx.read((manager) => this.analytics(manager, counts));
    });
  }

  private async analytics(
    manager: EntityManager,
    counts: ReadonlyMap<number, CreatorCounts>,
  ): Promise<AnalyticsTable> {
    const [totals] = await rows<{ creators: number; videos: number; collaborations: number }>(
      manager,
      `SELECT (SELECT COUNT(*) FROM creators) AS creators,
              (SELECT COUNT(*) FROM videos) AS videos,
              (SELECT COUNT(*) FROM (${COLLABORATION_VIDEO_IDS}) t)
                AS collaborations`,
    );
    const creators: CreatorAnalytics[] = (await this.named(manager))
      .filter((creator) => counts.has(creator.id))
      .map((creator) => ({ ...creator, stats: toStats(counts.get(creator.id) as CreatorCounts) }))
      .sort((a, b) =>
        compareLeaderboardEntries({ ...a, count: a.stats.totalVideos }, { ...b, count: b.stats.totalVideos }),
      );
    const mostConnected = creators
      .map(({ id, name, photo, stats }) => ({ id, name, photo, count: stats.collaborators }))
      .filter((entry) => entry.count > 0)
      .sort(compareLeaderboardEntries)
      .slice(0, LEADERBOARD_SIZE);
    return {
      totalCreators: int(totals?.creators),
      totalVideos: int(totals?.videos),
      collaborations: int(totals?.collaborations),
      mostConnected,
      creatorsWithVideos: creators.length,
      rows: creators,
    };
  }

  private async profile(manager: EntityManager, requestedId: number): Promise<CreatorProfile> {
    const id = await this.resolve(manager, requestedId);
    const creator = id === null ? undefined : (await readCreators(manager, [id])).get(id);
    if (id === null || !creator) throw new NotFoundException(CREATOR_NOT_FOUND);

    const [own] = await rows<{ total: number; collaborations: number }>(
      manager,
      `SELECT COUNT(*) AS total, SUM(CASE WHEN ${isCollaborationSql('t.author_count')} THEN 1 ELSE 0 END) AS collaborations
         FROM (SELECT mine.video_id, COUNT(*) AS author_count
                 FROM video_authors mine JOIN video_authors other ON other.video_id = mine.video_id
                WHERE mine.creator_id = ?
                GROUP BY mine.video_id) t`,
      [id],
    );
    const [people] = await rows<{ collaborators: number }>(
      manager,
      `SELECT COUNT(DISTINCT other.creator_id) AS collaborators
         FROM video_authors mine
         JOIN video_authors other ON other.video_id = mine.video_id AND other.creator_id <> mine.creator_id
        WHERE mine.creator_id = ?`,
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
        total: int(own?.total),
        collaborations: int(own?.collaborations),
        collaborators: int(people?.collaborators),
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

  /** The creator an id names now: itself, or (docs/architecture.md "Deliberate departures" 8) the creator it was merged into. */
  private async resolve(manager: EntityManager, id: number): Promise<number | null> {
    const [own] = await rows<{ id: number }>(manager, 'SELECT id FROM creators WHERE id = ?', [id]);
    if (own) return int(own.id);
    const [alias] = await rows<{ creator_id: number }>(
      manager,
      'SELECT creator_id FROM creator_aliases WHERE merged_creator_id = ? ORDER BY id DESC LIMIT 1',
      [id],
    );
    return alias ? int(alias.creator_id) : null;
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
