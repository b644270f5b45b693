import { Worker } from 'node:worker_threads';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { titleLookup } from '@friends/shared';
import { ownEntry, workerSource } from '../common/own-entry';
import type { AppConfig, DatabaseConfig } from '../config/configuration';
import { VIDEO_SEARCH_BOUNDS } from '../videos/video-reader';
import type { SearchAnswer, SearchJob } from './search-jobs';
import type { SearchThreadData, SearchThreadReply } from './search-thread';

/**
 * SQLite page cache of each search thread's connection, in KiB (SQLite's own default): the file's
 * pages are in the OS cache anyway, and each thread's cache counts in the API's RSS.
 */
const THREAD_CACHE_KIB = 2000;
/**
 * A thread's V8 heap at most: a search's rows and answer are a page's worth (a few hundred kB), so
 * this only bounds a runaway; a thread past it dies and is replaced.
 */
const THREAD_HEAP_MB = 48;
/** As the API's own connection (data-source-options.ts). */
const BUSY_TIMEOUT_MS = 5000;
/** Threads that die before answering anything, in a row, after which searches stay on the main thread. */
const MAX_FAILED_STARTS = 3;

/** A search thread lost (it died, or the pool closed) with a search in hand: the caller computes it itself. */
export class SearchThreadLost extends Error {}

interface Task {
  id: number;
  job: SearchJob;
  resolve: (answer: unknown) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  task: Task | null;
  answered: boolean;
}

/**
 * The public searches' SQL off the event loop (docs/architecture.md "Search threads"). better-sqlite3
 * runs each statement on the thread that calls it, so on the main thread a costly search held up
 * every request behind it, cheap searches included. Here a few worker threads, each with its own
 * read-only connection to the file (WAL lets readers run beside the writer), run each creator or
 * video search whole (search-jobs.ts: the same functions the main thread's path calls) and answer
 * it; the main thread only sends the query and receives the page.
 *
 * SQLite files only, SEARCH_THREADS of them (0: none): MySQL/MariaDB's driver is asynchronous
 * already, and an in-memory database cannot be opened by another connection. The threads start with
 * the first search and end with the app. A thread that dies is replaced; the search it held is
 * answered by the main thread (`SearchThreadLost`), never failed.
 */
@Injectable()
export class SearchThreads implements OnModuleDestroy {
  private readonly log = new Logger('SearchThreads');
  private readonly database: DatabaseConfig;
  private readonly size: number;
  private readonly threads: Thread[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private failedStarts = 0;
  private closed = false;
  /** Searches the threads answered (tests: proof that a search took this path). */
  answered = 0;

  constructor(config: ConfigService<AppConfig, true>) {
    this.database = config.get('database', { infer: true });
    this.size =
      this.database.type === 'sqlite' && this.database.path !== ':memory:'
        ? (this.database.searchThreads ?? 0)
        : 0;
  }

  /** True when searches go to the threads (a SQLite file, SEARCH_THREADS > 0, not closing). */
  get enabled(): boolean {
    return this.size > 0 && !this.closed && this.failedStarts < MAX_FAILED_STARTS;
  }

  /**
   * True when a search for `text` (with `withNames`, its `with:` names) goes to a thread: a term of
   * three or more characters or a `with:` search. The empty term and one- or two-character ones stay on
   * the main thread: they are few and asked again and again, and what they read is kept there between
   * searches (the videos' memos, the creators' large short counts), so there they cost less than the
   * hand-over; a longer term is mostly new, all SQL, and runs beside the event loop.
   */
  takes(text: string, withNames: readonly string[] | undefined): boolean {
    return this.enabled && (Boolean(withNames?.length) || titleLookup(text).mode === 'substring');
  }

  /** The threads' ids now (tests: a dead thread's replacement has a new one). */
  threadIds(): number[] {
    return this.threads.map((thread) => thread.worker.threadId);
  }

  /** Ends a thread as if it had crashed (tests: its search is answered, it is replaced). */
  async kill(threadId: number): Promise<void> {
    await this.threads.find((thread) => thread.worker.threadId === threadId)?.worker.terminate();
  }

  /** `job`'s answer from a thread; rejects with SearchThreadLost when no thread can compute it. */
  run<J extends SearchJob>(job: J): Promise<SearchAnswer<J>> {
    if (!this.enabled) return Promise.reject(new SearchThreadLost('search threads are off'));
    while (this.threads.length < this.size) this.spawn();
    return new Promise<unknown>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, job, resolve, reject });
      this.dispatch();
    }) as Promise<SearchAnswer<J>>;
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new SearchThreadLost('closing'));
    await Promise.all(this.threads.splice(0).map((thread) => this.stop(thread)));
  }

  private dispatch(): void {
    for (const thread of this.threads) {
      if (thread.task) continue;
      const task = this.queue.shift();
      if (!task) return;
      thread.task = task;
      // The video search's bounds as this process has them (tests make them small).
      const job = task.job.kind === 'videos' ? { ...task.job, bounds: { ...VIDEO_SEARCH_BOUNDS } } : task.job;
      thread.worker.postMessage({ id: task.id, job });
    }
  }

  private spawn(): void {
    const data: SearchThreadData = {
      driver: require.resolve('better-sqlite3'),
      path: (this.database as { path: string }).path,
      cacheKib: THREAD_CACHE_KIB,
      busyTimeoutMs: BUSY_TIMEOUT_MS,
    };
    const worker = new Worker(workerSource(ownEntry(__dirname, 'search-thread')), {
      eval: true,
      workerData: data,
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
    });
    const thread: Thread = { worker, task: null, answered: false };
    this.threads.push(thread);
    worker.on('message', (reply: SearchThreadReply) => {
      const task = thread.task;
      if (!task || task.id !== reply.id) return;
      thread.task = null;
      thread.answered = true;
      this.failedStarts = 0;
      if ('error' in reply) {
        task.reject(new Error(reply.error));
      } else {
        this.answered += 1;
        task.resolve(reply.answer);
      }
      this.dispatch();
    });
    worker.on('error', (error) => this.lost(thread, String(error)));
    worker.on('exit', () => this.lost(thread, 'the search thread exited'));
  }

  /** A thread died: its search goes back to the caller, and another thread takes its place. */
  private lost(thread: Thread, reason: string): void {
    const index = this.threads.indexOf(thread);
    if (index < 0) return;
    this.threads.splice(index, 1);
    thread.task?.reject(new SearchThreadLost(reason));
    thread.task = null;
    if (this.closed) return;
    if (!thread.answered) this.failedStarts += 1;
    this.log.warn(
      `a search thread ended (${reason}); ${this.enabled ? 'replacing it' : 'searching on the main thread'}`,
    );
    if (!this.enabled) {
      for (const task of this.queue.splice(0)) task.reject(new SearchThreadLost(reason));
      return;
    }
    this.spawn();
    this.dispatch();
  }

  private async stop(thread: Thread): Promise<void> {
    thread.task?.reject(new SearchThreadLost('closing'));
    thread.task = null;
    const exited = new Promise((resolve) => thread.worker.once('exit', resolve));
    thread.worker.postMessage('close');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    await thread.worker.terminate();
  }
}
