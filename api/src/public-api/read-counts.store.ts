import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { chunks, int, placeholders, rows } from '../database/sql';
import { TransactionRunner } from '../database/transaction-runner.service';
import type { SharedCounts } from './read-limiter';

/** Buckets per statement (three parameters each). */
const CHUNK = 200;

/**
 * The replicas' read counts in `read_limits`: one upsert adding this replica's hits per bucket, then
 * the totals read back, in one transaction that no cached answer depends on. Buckets are written in
 * one order on every replica, so two replicas' exchanges never deadlock over the same rows.
 */
@Injectable()
export class ReadCountsStore implements SharedCounts {
  private readonly mysql: boolean;

  constructor(
    private readonly tx: TransactionRunner,
    @InjectDataSource() dataSource: DataSource,
  ) {
    this.mysql = dataSource.options.type !== 'better-sqlite3';
  }

  add(
    windowStart: number,
    hits: ReadonlyMap<string, number>,
    watched: readonly string[],
  ): Promise<Map<string, number>> {
    const buckets = [...hits.keys()].sort();
    const upsert = this.mysql
      ? 'ON DUPLICATE KEY UPDATE hits = hits + VALUES(hits)'
      : 'ON CONFLICT (bucket, window_start) DO UPDATE SET hits = hits + excluded.hits';
    return this.tx.write(
      async (manager) => {
        const totals = new Map<string, number>();
        for (const part of chunks(buckets, CHUNK)) {
          await manager.query(
            `INSERT INTO read_limits (bucket, window_start, hits) VALUES ${part.map(() => '(?, ?, ?)').join(', ')} ${upsert}`,
            part.flatMap((bucket) => [bucket, windowStart, hits.get(bucket) ?? 0]),
          );
        }
        for (const part of chunks([...buckets, ...watched], CHUNK)) {
          for (const row of await rows<{ bucket: string; hits: number }>(
            manager,
            `SELECT bucket, hits FROM read_limits WHERE window_start = ? AND bucket IN ${placeholders(part.length)}`,
            [windowStart, ...part],
          )) {
            totals.set(row.bucket, int(row.hits));
          }
        }
        return totals;
      },
      { affectsAnswers: false },
    );
  }

  async prune(windowStart: number): Promise<void> {
    await this.tx.write(
      (manager) => manager.query('DELETE FROM read_limits WHERE window_start < ?', [windowStart]),
      {
        affectsAnswers: false,
      },
    );
  }
}
