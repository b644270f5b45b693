import { Injectable } from '@nestjs/common';
import { int, rows } from '../database/sql';
import { TransactionRunner } from '../database/transaction-runner.service';

/** One creator's figures over all videos (shared's CreatorStats, before solo videos are derived). */
export interface CreatorCounts {
  /** Videos with this creator among the authors. */
  total: number;
  /** Of those, videos with more than one author. */
  collaborations: number;
  /** Distinct co-authors. */
  collaborators: number;
}

/**
 * Every creator's counts as a map, read from the counts kept on write (`creator_counts`, see
 * CountsService) for the answers that need all of them at once (the full creator list): one indexed
 * scan per computation of such an answer, whose JSON is what is kept.
 */
@Injectable()
export class CreatorCountsReader {
  constructor(private readonly tx: TransactionRunner) {}

  /** Counts by creator id; creators without videos are absent. */
  byCreator(): Promise<ReadonlyMap<number, CreatorCounts>> {
    return this.tx.read(async (manager) => {
      const counts = new Map<number, CreatorCounts>();
      for (const row of await rows<{
        id: number;
        total: number;
        collaborations: number;
        collaborators: number;
      }>(
        manager,
        `SELECT creator_id AS id, videos AS total, collaborations, collaborators
             FROM creator_counts WHERE videos > 0`,
      )) {
        counts.set(int(row.id), {
          total: int(row.total),
          collaborations: int(row.collaborations),
          collaborators: int(row.collaborators),
        });
      }
      return counts;
    });
  }

  /** The same map (the lists show only videos and collaborations). */
  videoCounts(): Promise<ReadonlyMap<number, CreatorCounts>> {
    return this.byCreator();
  }
}
