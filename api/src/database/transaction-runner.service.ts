import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { AggregateCache } from './aggregate-cache.service';
import { advanceDataVersion } from './data-version';
import { isRetryableConflict } from './database-errors';

const MAX_ATTEMPTS = 3;

export interface WriteOptions {
  /**
   * false for rows no cached answer is built from (sessions, login counters): the data version stays,
   * so such writes (a login attempt, say) do not empty every replica's cache.
   */
  affectsAnswers?: boolean;
}

/**
 * The one way to touch the database (docs/architecture.md "Known traps"). better-sqlite3 under TypeORM has a
 * single connection: concurrent transactions fail and a read issued while a transaction is open sees
 * its uncommitted rows. So on SQLite every write transaction and every read runs through one promise
 * queue, one at a time. On MySQL/MariaDB they pass straight to the pool, reads as snapshot
 * transactions, and a write that loses a deadlock is retried. Every write advances the data version.
 * On MySQL a write that affects answers first locks the `count_totals` row, so writes are counted one at
 * a time (see CountsService): the counts it recomputes see every committed change, and two writers
 * never deadlock over the authorship rows they both read.
 */
@Injectable()
export class TransactionRunner {
  private tail: Promise<unknown> = Promise.resolve();
  private readonly serialised: boolean;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cache: AggregateCache,
  ) {
    this.serialised = dataSource.options.type === 'better-sqlite3';
  }

  /**
   * Runs `work` in one transaction; all of it commits or none of it does. The same transaction advances
   * the data version, so this replica's cached answers go at once and the other replicas' at their poll.
   */
  async write<T>(work: (manager: EntityManager) => Promise<T>, options: WriteOptions = {}): Promise<T> {
    if (options.affectsAnswers === false) {
      return this.exclusive(() => this.withRetry(() => this.dataSource.transaction(work)));
    }
    let version: number | null = null;
    try {
      const result = await this.exclusive(() =>
        this.withRetry(() =>
          this.dataSource.transaction(async (manager) => {
            // SQLite: a write first takes the file's write lock (waiting out other processes), where a
            // read first would fail with SQLITE_BUSY if another process committed before our write.
            // MySQL: the counts row first (changes are counted one at a time, see CountsService), the
            // version last, so its row is locked only for the commit.
            if (this.serialised) version = await advanceDataVersion(manager);
            else await manager.query('SELECT id FROM count_totals WHERE id = 1 FOR UPDATE');
            const result = await work(manager);
            if (!this.serialised) version = await advanceDataVersion(manager);
            return result;
          }),
        ),
      );
      if (version !== null) this.cache.observe(version);
      return result;
    } catch (error) {
      this.cache.invalidate(); // a failed commit's outcome is unknown
      throw error;
    }
  }

  /** Runs a read that must see one consistent state of the database. */
  read<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.serialised) return this.exclusive(() => work(this.dataSource.manager));
    return this.dataSource.transaction('REPEATABLE READ', work);
  }

  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    if (!this.serialised) return task();
    const run = this.tail.then(task, task);
    this.tail = run.catch(() => undefined);
    return run;
  }

  private async withRetry<T>(task: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await task();
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || !isRetryableConflict(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 10 * attempt));
      }
    }
  }
}
