import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { AggregateCache } from './aggregate-cache.service';
import { isRetryableConflict } from './database-errors';

const MAX_ATTEMPTS = 3;

/**
 * The one way to touch the database (DESIGN.md "Known traps"). better-sqlite3 under TypeORM has a
 * single connection: concurrent transactions fail and a read issued while a transaction is open sees
 * its uncommitted rows. So on SQLite every write transaction and every read runs through one promise
 * queue, one at a time. On MySQL/MariaDB they pass straight to the pool, reads as snapshot
 * transactions, and a write that loses a deadlock is retried. Every write invalidates the aggregate cache.
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

  /** Runs `work` in one transaction; all of it commits or none of it does. */
  async write<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.exclusive(() => this.withRetry(() => this.dataSource.transaction(work)));
    } finally {
      this.cache.invalidate();
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
