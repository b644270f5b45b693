import { Worker } from 'node:worker_threads';
import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleDestroy,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AppConfig, DatabaseConfig } from '../config/configuration';
import { WalIndex } from './wal-index';

/**
 * The write-ahead log's size (pages) at which the API's own connection still checkpoints inside a
 * commit: only reached when the checkpoints below fall behind (SQLite's own default is 1000 pages, a
 * few of the bench's writes, so every few writes one of them paid for a checkpoint).
 */
export const FALLBACK_CHECKPOINT_PAGES = 20_000;
/**
 * How long writes must pause before the log is checkpointed: a checkpoint copies and syncs pages on
 * the same 2 cores and disk as the requests, so it waits for a pause in the writes (and the reads
 * they make cold) instead of running beside them.
 */
export const CHECKPOINT_DELAY_MS = 1000;
/**
 * A run of writes with no such pause is checkpointed once its log holds DEFERRED_PAGES_MAX pages no
 * checkpoint has copied, and never later than this after its first write.
 */
export const CHECKPOINT_MAX_DEFER_MS = 5000;
/**
 * An eighth of the fallback (about 25 of the bench's writes, a 10–20 ms checkpoint): the log starts
 * again from its beginning only when a checkpoint has copied all of it before the next write, so the
 * checkpoints that writes overlapped leave room for more before the API's own connection would copy
 * the log inside a commit.
 */
export const DEFERRED_PAGES_MAX = FALLBACK_CHECKPOINT_PAGES / 8;
/** The worker thread ends after this long without a checkpoint (ms), so an idle server holds none. */
const IDLE_MS = 10_000;

/** What one checkpoint did (SQLite's wal_checkpoint answer); `error` when it failed. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
  error?: string;
}

/** The worker's answer to a merge step: rows it changed (-1 when it failed). */
interface StepResult {
  changed: number;
  error?: string;
}

/** The answer of a job the worker could not run. */
const failed = (error: string): CheckpointResult & StepResult => ({
  busy: 1,
  log: -1,
  checkpointed: -1,
  changed: -1,
  error,
});

/** A step of upkeep the worker runs (see `step`): SQL to run once on its connection, then each step. */
export interface UpkeepStep {
  prepare: string;
  step: string;
}

/**
 * The worker's source, run with `eval` (no compiled file to find, in jest or in dist alike): its own
 * connection to the file, which copies the log into the database when asked (PASSIVE: it never waits
 * for, nor holds up, a reader or the writer), and runs merge steps (answering whether one changed
 * anything). Its own commits never checkpoint: the service asks for that.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = ' + workerData.synchronous);
db.pragma('wal_autocheckpoint = 0');
const changes = db.prepare('SELECT total_changes()').pluck();
const prepared = new Set();
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  if (message.step) {
    try {
      if (!prepared.has(message.prepare)) {
        db.exec(message.prepare);
        prepared.add(message.prepare);
      }
      const before = changes.get();
      db.exec(message.step);
      parentPort.postMessage({ changed: changes.get() - before });
    } catch (error) {
      parentPort.postMessage({ changed: -1, error: String(error) });
    }
    return;
  }
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage(result);
  } catch (error) {
    parentPort.postMessage({ busy: 1, log: -1, checkpointed: -1, error: String(error) });
  }
});
`;

/**
 * Checkpoints SQLite's write-ahead log on a worker thread, off every request. better-sqlite3 runs
 * each statement on the event loop, and SQLite checkpoints inside the commit that takes the log past
 * its limit: that commit then copied the log's pages into the database and synced both files while
 * every other request waited (the write's p99, docs/performance.md). Here the API's connection only
 * checkpoints as a fallback (FALLBACK_CHECKPOINT_PAGES), and a second connection on a worker thread
 * checkpoints about a second after writes. The same connection runs other upkeep that pauses in the
 * writes suit (`step`, `onPause`: the search indexes' merges). Nothing on MySQL/MariaDB or an
 * in-memory SQLite.
 */
@Injectable()
export class WalCheckpoints implements OnApplicationBootstrap, OnModuleDestroy, OnApplicationShutdown {
  private readonly log = new Logger('WalCheckpoints');
  private readonly database: DatabaseConfig;
  private enabled = false;
  private worker: Worker | null = null;
  private timer: NodeJS.Timeout | undefined;
  /** When the first write not yet checkpointed committed (ms since the epoch). */
  private unsavedSince: number | undefined;
  /** The log's own count of the pages not yet checkpointed (see `wrote`). */
  private walIndex: WalIndex | undefined;
  /** Whether a checkpoint of a run of writes was asked for and has not answered yet. */
  private checkpointing = false;
  private idleTimer: NodeJS.Timeout | undefined;
  /** Jobs asked of the worker and not answered yet, oldest first. */
  private readonly pending: Array<(result: CheckpointResult & StepResult) => void> = [];
  private failing = false;
  /** When the last write committed (ms since the epoch). */
  private lastWriteAt = 0;
  /** Writes committed since the start: a pause is a span in which this did not move. */
  private writes = 0;
  private readonly pauseListeners: Array<() => void> = [];
  private startTimer: NodeJS.Timeout | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    config: ConfigService<AppConfig, true>,
  ) {
    this.database = config.get('database', { infer: true });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.database.type !== 'sqlite' || this.database.path === ':memory:') return;
    await this.dataSource.query(`PRAGMA wal_autocheckpoint = ${FALLBACK_CHECKPOINT_PAGES}`);
    this.walIndex = new WalIndex(this.database.path);
    this.enabled = true;
    // A start is a pause too: what the file needs is done unless writes come first.
    this.startTimer = setTimeout(() => this.paused(0), CHECKPOINT_DELAY_MS);
    this.startTimer.unref();
  }

  /** Whether the file's upkeep is this service's (a SQLite file, not shut down). */
  get active(): boolean {
    return this.enabled;
  }

  /**
   * Calls `listener` once writes have paused for CHECKPOINT_DELAY_MS and their log is checkpointed
   * (and once after the start), for work best done while nothing writes (see `writtenSince`).
   */
  onPause(listener: () => void): void {
    this.pauseListeners.push(listener);
  }

  /** Whether a write committed at or after `time` (ms since the epoch). */
  writtenSince(time: number): boolean {
    return this.lastWriteAt >= time;
  }

  async onModuleDestroy(): Promise<void> {
    this.enabled = false;
    clearTimeout(this.timer);
    clearTimeout(this.startTimer);
    this.timer = undefined;
    const worker = this.worker;
    if (worker) this.lost(worker, 'shutting down');
    await this.stop(worker);
  }

  /**
   * The index file is let go of only after TypeORM has closed the API's connection (its module's
   * shutdown hook runs before this one: Nest runs the modules deepest in the imports first), as
   * closing it while a connection is open would drop that connection's locks (WalIndex). Were the
   * connection still open, the descriptor stays until the process ends.
   */
  onApplicationShutdown(): void {
    if (!this.dataSource.isInitialized) this.walIndex?.close();
  }

  /**
   * A write committed: the log is checkpointed once writes have paused for CHECKPOINT_DELAY_MS, or
   * while they go on once it holds DEFERRED_PAGES_MAX pages not yet checkpointed (at once, between
   * this write and the next) or CHECKPOINT_MAX_DEFER_MS after the first of them. Counted in the log's
   * own pages: a pace in time, measured over a quiet spell, let a burst of writes run on past the
   * fallback, and the commit that reached it copied the log on the event loop.
   */
  wrote(): void {
    if (!this.enabled) return;
    const now = Date.now();
    this.lastWriteAt = now;
    this.writes++;
    const since = (this.unsavedSince ??= now);
    clearTimeout(this.timer);
    if (!this.checkpointing && (this.walIndex?.uncheckpointedPages() ?? 0) >= DEFERRED_PAGES_MAX) {
      this.checkpointWrites(false);
      return;
    }
    // Re-armed by every write, so a timer that fires at its delay (not at the run's limit) is a pause;
    // told here, not by the clock when it fires (libuv may fire a timer a little before Date.now() says).
    const pause = now + CHECKPOINT_DELAY_MS <= since + CHECKPOINT_MAX_DEFER_MS;
    this.timer = setTimeout(
      () => this.checkpointWrites(pause),
      Math.max(0, Math.min(now + CHECKPOINT_DELAY_MS, since + CHECKPOINT_MAX_DEFER_MS) - now),
    );
    this.timer.unref();
  }

  private checkpointWrites(pause: boolean): void {
    this.timer = undefined;
    this.unsavedSince = undefined;
    this.checkpointing = true;
    const writes = this.writes;
    void this.checkpoint().then(() => {
      this.checkpointing = false;
      if (pause) this.paused(writes);
    });
  }

  /** Checkpoints now (null when checkpoints are not this service's, see the class). */
  async checkpoint(): Promise<CheckpointResult | null> {
    if (!this.enabled) return null;
    const result: CheckpointResult = await this.ask('checkpoint');
    if (result.error && !this.failing) this.log.warn(`checkpoint failed: ${result.error}`);
    this.failing = Boolean(result.error);
    return result;
  }

  /**
   * Runs one step of upkeep on the worker's connection, in a transaction of its own (`prepare` once
   * per worker first); answers the rows it changed, -1 when it failed or upkeep is not this service's.
   */
  async step(job: UpkeepStep): Promise<number> {
    if (!this.enabled) return -1;
    const result: StepResult = await this.ask(job);
    if (result.error) this.log.warn(`upkeep step failed: ${result.error}`);
    return result.changed;
  }

  /** Writes have paused since the `writes`th: unless another came meanwhile, the pause's listeners run. */
  private paused(writes: number): void {
    if (!this.enabled || this.writes !== writes) return;
    for (const listener of this.pauseListeners) listener();
  }

  private ask(job: 'checkpoint' | UpkeepStep): Promise<CheckpointResult & StepResult> {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    return new Promise<CheckpointResult & StepResult>((resolve) => {
      // A worker that cannot start (no memory for a thread, say) fails this job, not the process: the
      // callers run it as `void` from timers, where a rejection would end the API.
      let worker: Worker;
      try {
        worker = this.started();
      } catch (error) {
        resolve(failed(String(error)));
        return;
      }
      this.pending.push(resolve);
      worker.postMessage(job);
    }).then((result) => {
      if (this.pending.length === 0 && this.enabled) {
        this.idleTimer = setTimeout(() => {
          const idle = this.worker;
          if (idle && this.pending.length === 0) {
            this.worker = null;
            void this.stop(idle);
          }
        }, IDLE_MS);
        this.idleTimer.unref();
      }
      return result;
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    if (this.database.type !== 'sqlite') throw new Error('WAL checkpoints are for SQLite only');
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        driver: require.resolve('better-sqlite3'),
        path: this.database.path,
        synchronous: this.database.synchronous === 'normal' ? 'NORMAL' : 'FULL',
      },
    });
    worker.unref();
    worker.on('message', (result: CheckpointResult & StepResult) => this.pending.shift()?.(result));
    // A worker that fails leaves the log to the fallback; the next write starts a new one.
    worker.on('error', (error) => this.lost(worker, String(error)));
    worker.on('exit', () => this.lost(worker, 'the checkpoint worker exited'));
    this.worker = worker;
    return worker;
  }

  private lost(worker: Worker, error: string): void {
    if (this.worker !== worker) return;
    this.worker = null;
    for (const resolve of this.pending.splice(0)) resolve(failed(error));
  }

  /** Closes the worker's connection and ends it (it is no longer `this.worker`). */
  private async stop(worker: Worker | null): Promise<void> {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    if (!worker) return;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage('close');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    await worker.terminate();
  }
}
