import { Injectable } from '@nestjs/common';
import { AggregateCache } from './aggregate-cache.service';
import { int, rows } from './sql';
import { TransactionRunner } from './transaction-runner.service';
import { isCollaborationSql } from '../videos/collaboration-sql';

/** One creator's figures over all videos (shared's CreatorStats, before solo videos are derived). */
export interface CreatorCounts {
  /** Videos with this creator among the authors. */
  total: number;
  /** Of those, videos with more than one author. */
  collaborations: number;
  /** Distinct co-authors. */
  collaborators: number;
}

/** Per creator with at least one video: videos, collaborative videos (> 1 author) and distinct co-authors. */
const COUNTS_SQL = `
  SELECT va.creator_id AS id,
         COUNT(*) AS total,
         SUM(CASE WHEN ${isCollaborationSql('vc.author_count')} THEN 1 ELSE 0 END) AS collaborations
    FROM video_authors va
    JOIN (SELECT video_id, COUNT(*) AS author_count FROM video_authors GROUP BY video_id) vc
      ON vc.video_id = va.video_id
   GROUP BY va.creator_id`;
const COLLABORATORS_SQL = `
  SELECT a.creator_id AS id, COUNT(DISTINCT b.creator_id) AS collaborators
    FROM video_authors a
    JOIN video_authors b ON b.video_id = a.video_id AND b.creator_id <> a.creator_id
   GROUP BY a.creator_id`;

/**
 * Every creator's counts, computed in SQL once per write and shared by the answers built from them
 * (creator lists, leaderboard, analytics): at 100,000 videos each query takes 60-70 ms, and each of those
 * answers used to run them again after every write. The lists need only the video counts.
 */
@Injectable()
export class CreatorCountsReader {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly cache: AggregateCache,
  ) {}

  /** Videos and collaborative videos by creator id (`collaborators` is 0); creators without videos are absent. */
  videoCounts(): Promise<ReadonlyMap<number, CreatorCounts>> {
    return this.cache.value('creator-counts:videos', () =>
      this.tx.read(async (manager) => {
        const counts = new Map<number, CreatorCounts>();
        for (const row of await rows<{ id: number; total: number; collaborations: number }>(
          manager,
          COUNTS_SQL,
        )) {
          counts.set(int(row.id), {
            total: int(row.total),
            collaborations: int(row.collaborations),
            collaborators: 0,
          });
        }
        return counts;
      }),
    );
  }

  /** Every count, distinct co-authors included. */
  byCreator(): Promise<ReadonlyMap<number, CreatorCounts>> {
    return this.cache.value('creator-counts', async () => {
      const counts = new Map<number, CreatorCounts>();
      for (const [id, own] of await this.videoCounts()) counts.set(id, { ...own });
      const people = await this.tx.read((manager) =>
        rows<{ id: number; collaborators: number }>(manager, COLLABORATORS_SQL),
      );
      for (const row of people) {
        const entry = counts.get(int(row.id));
        if (entry) entry.collaborators = int(row.collaborators);
      }
      return counts;
    });
  }
}
