import { Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { AggregateCache } from './aggregate-cache.service';
import { AnswerInvalidation, ChangeWatcher, openChangeSet, type CreatorScope } from './answer-invalidation';
import { advanceDataVersion, lockForWrite, stampAnswerVersions } from './data-version';
import { isRetryableConflict } from './database-errors';
import { SqliteReadManager } from './sqlite-read-manager';
import { WalCheckpoints } from './wal-checkpoints';

const MAX_ATTEMPTS = 3;

export interface WriteOptions {
  /**
   * false for rows no cached answer is built from (sessions, login counters): nothing is stamped, so
   * such writes (a login attempt, say) leave every replica's answers alone.
   */
  affectsAnswers?: boolean;
  /**
   * Tables the write changes, added to those its statements show (see answer-invalidation.ts); 'all'
   * makes every cached answer go.
   */
  tables?: readonly string[] | 'all';
}

/**
 * The one way to touch the database (docs/architecture.md "Known traps"). better-sqlite3 under TypeORM has a
 * single connection: concurrent transactions fail and a read issued while a transaction is open sees
 * its uncommitted rows. So on SQLite every write transaction and every read runs through one promise
 * queue, one at a time. On MySQL/MariaDB they pass straight to the pool, reads as snapshot
 * transactions, and a write that loses a deadlock is retried. Every write stamps the tables it changed
 * (docs/architecture.md "Many replicas, one truth").
 * On MySQL a write that affects answers first locks the `count_totals` row, so writes are counted one at
 * a time (see CountsService): the counts it recomputes see every committed change, and two writers
 * never deadlock over the authorship rows they both read.
 */
@Injectable()
export class TransactionRunner {
  private tail: Promise<unknown> = Promise.resolve();
  private readonly serialised: boolean;
  /** What SQLite reads run with (their statements kept prepared); MySQL's run in their transaction. */
  private readonly reader: EntityManager | null;
  /** Write transactions open now (several at once on MySQL), and who wants to know (see `onWriting`). */
  private open = 0;
  private readonly writingListeners = new Set<(writing: boolean) => void>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cache: AggregateCache,
    @Optional() private readonly checkpoints?: WalCheckpoints,
  ) {
    this.serialised = dataSource.options.type === 'better-sqlite3';
    this.reader = this.serialised ? new SqliteReadManager(dataSource) : null;
    if (!dataSource.subscribers.some((subscriber) => subscriber instanceof ChangeWatcher)) {
      dataSource.subscribers.push(new ChangeWatcher());
    }
  }

  /**
   * Runs `work` in one transaction; all of it commits or none of it does. The same transaction stamps
   * the tables it changed with the next write sequence number, so this replica's answers that read them
   * go at once and the other replicas' at their poll; answers reading other tables stay.
   */
  async write<T>(work: (manager: EntityManager) => Promise<T>, options: WriteOptions = {}): Promise<T> {
    if (options.affectsAnswers === false) {
      const result = await this.exclusive(() =>
        this.tracked(() =>
          this.withRetry(() =>
            this.dataSource.transaction(async (manager) => {
              // SQLite: the file's write lock first, as below, but nothing advanced or stamped: a change
              // that reads before it writes (a key's row, then its delete) failed with SQLITE_BUSY when
              // another process, the network analysis's child, committed in between.
              if (this.serialised) await lockForWrite(manager);
              return work(manager);
            }),
          ),
        ),
      );
      this.checkpoints?.wrote();
      return result;
    }
    // What the last attempt changed, and the sequence number it stamped (0: nothing stamped).
    const outcome: { tables: ReadonlySet<string>; scope: CreatorScope | null; sequence: number } = {
      tables: new Set(),
      scope: null,
      sequence: 0,
    };
    try {
      const result = await this.exclusive(() =>
        this.tracked(() =>
          this.withRetry(() =>
            this.dataSource.transaction(async (manager) => {
              const close = openChangeSet(manager.queryRunner!);
              outcome.sequence = 0;
              try {
                if (options.tables) AnswerInvalidation.touch(manager, options.tables);
                // SQLite: a write first takes the file's write lock (waiting out other processes), where a
                // read first would fail with SQLITE_BUSY if another process committed before our write.
                // MySQL: the counts row first (changes are counted one at a time, see CountsService), the
                // sequence last, so its row is locked only for the commit.
                let sequence = this.serialised ? await advanceDataVersion(manager) : 0;
                if (!this.serialised) {
                  await manager.query('SELECT id FROM count_totals WHERE id = 1 FOR UPDATE');
                }
                const result = await work(manager);
                const { tables, scope } = close();
                outcome.tables = tables;
                outcome.scope = scope;
                if (tables.size > 0) {
                  if (!this.serialised) sequence = await advanceDataVersion(manager);
                  await stampAnswerVersions(manager, tables, sequence, this.cache.stampedTables());
                  outcome.sequence = sequence;
                }
                return result;
              } finally {
                ({ tables: outcome.tables, scope: outcome.scope } = close());
              }
            }),
          ),
        ),
      );
      if (outcome.sequence > 0) this.cache.committed(outcome.tables, outcome.sequence, outcome.scope);
      this.checkpoints?.wrote();
      return result;
    } catch (error) {
      // A failed commit's outcome is unknown: what it would have changed is not trusted.
      if (outcome.tables.size > 0) this.cache.invalidate(outcome.tables);
      throw error;
    }
  }

  /**
   * Calls `listener` with true when this replica opens a write transaction while none was open, and
   * with false when the last one has ended; answers the function that stops it. The network
   * analysis's child process writes only between them (network-analysis-child.ts `parentIdle`).
   */
  onWriting(listener: (writing: boolean) => void): () => void {
    this.writingListeners.add(listener);
    return () => this.writingListeners.delete(listener);
  }

  private async tracked<T>(task: () => Promise<T>): Promise<T> {
    if (this.open++ === 0) for (const listener of this.writingListeners) listener(true);
    try {
      return await task();
    } finally {
      if (--this.open === 0) for (const listener of this.writingListeners) listener(false);
    }
  }

  /** Runs a read that must see one consistent state of the database. */
  read<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const reader = this.reader;
    if (reader) return this.exclusive(() => work(reader));
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
