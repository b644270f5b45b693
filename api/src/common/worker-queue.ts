import { Worker } from 'node:worker_threads';

/** A job a WorkerQueue did not finish: its thread died, the queue closed, or too many were waiting. */
export class WorkerJobLost extends Error {}

/** What the queue posts to its thread, and what the thread answers (see WorkerQueue). */
export interface WorkerRequest<In> {
  id: number;
  job: In;
}
export type WorkerReply<Out> = { id: number; result: Out } | { id: number; error: string };

interface Job<In, Out> {
  id: number;
  job: In;
  resolve: (result: Out) => void;
  reject: (error: Error) => void;
}

export interface WorkerQueueOptions {
  /** The thread's source, run with `eval` (see own-entry.ts `workerSource`). */
  source: string;
  workerData?: unknown;
  /** The thread ends after this long without a job (ms), and its memory goes back to the system. */
  idleMs: number;
  /** Which waiting job runs next: the one waiting longest, or the newest. */
  next: 'oldest' | 'newest';
  /** Jobs waiting at most; past it the one waiting longest is refused (WorkerJobLost). */
  maxWaiting?: number;
}

/**
 * One worker thread that runs jobs one at a time: started by the first job, ended after `idleMs`
 * without one, started again by the next. It answers each `{ id, job }` with `{ id, result }` or
 * `{ id, error }` (the error rejects the job with an Error of that message). Idle, the thread does not
 * hold the process open; at work it does, as pending I/O would. A thread that dies fails the job in
 * hand (WorkerJobLost) and the next job starts another.
 */
export class WorkerQueue<In, Out> {
  private worker: Worker | null = null;
  private readonly waiting: Array<Job<In, Out>> = [];
  private running: Job<In, Out> | null = null;
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly options: WorkerQueueOptions) {}

  run(job: In): Promise<Out> {
    if (this.closed) return Promise.reject(new WorkerJobLost('the worker queue is closed'));
    const { maxWaiting } = this.options;
    if (maxWaiting !== undefined && this.waiting.length >= maxWaiting) {
      this.waiting.shift()?.reject(new WorkerJobLost('too many jobs waiting'));
    }
    return new Promise((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, job, resolve, reject });
      this.next();
    });
  }

  /** Whether the thread is running (it starts with a job and ends when idle). */
  get threadRunning(): boolean {
    return this.worker !== null;
  }

  /** Ends the thread; the jobs not finished are refused (WorkerJobLost), and every job after. */
  async close(): Promise<void> {
    this.closed = true;
    const refused = new WorkerJobLost('the worker queue closed');
    for (const job of this.waiting.splice(0)) job.reject(refused);
    this.running?.reject(refused);
    this.running = null;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private next(): void {
    if (this.running || this.closed) return;
    const job = this.options.next === 'oldest' ? this.waiting.shift() : this.waiting.pop();
    if (!job) {
      this.idleTimer ??= setTimeout(() => void this.stopIdle(), this.options.idleMs).unref();
      this.worker?.unref();
      return;
    }
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.running = job;
    const worker = this.started();
    worker.ref();
    worker.postMessage({ id: job.id, job: job.job } satisfies WorkerRequest<In>);
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.options.source, { eval: true, workerData: this.options.workerData });
    worker.on('message', (reply: WorkerReply<Out>) => {
      const job = this.running;
      if (!job || job.id !== reply.id) return;
      this.running = null;
      if ('result' in reply) job.resolve(reply.result);
      else job.reject(new Error(reply.error));
      this.next();
    });
    worker.on('error', (error) => this.lost(worker, String(error)));
    worker.on('exit', (code) => this.lost(worker, `the worker thread exited (${code})`));
    this.worker = worker;
    return worker;
  }

  private lost(worker: Worker, reason: string): void {
    if (this.worker !== worker) return;
    this.worker = null;
    const job = this.running;
    this.running = null;
    job?.reject(new WorkerJobLost(reason));
    this.next();
  }

  private async stopIdle(): Promise<void> {
    this.idleTimer = null;
    const worker = this.worker;
    if (!worker || this.running) return;
    this.worker = null;
    await worker.terminate();
  }
}
