import { fork, type ChildProcess } from 'node:child_process';
import type { OwnEntry } from './own-entry';

/** A job a WorkerQueue did not finish: its process died, the queue closed, or too many were waiting. */
export class WorkerJobLost extends Error {}

/** What the queue sends its process, and what the process answers (see WorkerQueue, serveJobs). */
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
  /** The process's module (own-entry.ts), which answers the jobs through `serveJobs`. */
  entry: OwnEntry;
  /** The process ends after this long without a job (ms). */
  idleMs: number;
  /** Which waiting job runs next: the one waiting longest, or the newest. */
  next: 'oldest' | 'newest';
  /** Jobs waiting at most; past it the one waiting longest is refused (WorkerJobLost). */
  maxWaiting?: number;
}

/**
 * One child process that runs jobs one at a time: started by the first job, ended after `idleMs`
 * without one, started again by the next. A process rather than a worker thread, because what such
 * work allocates outside V8 (a native library's pages, malloc's arenas) stayed with the API after a
 * thread ended; a process gives all of it back when it exits, and a crash in its native code ends it
 * alone. It answers each `{ id, job }` with `{ id, result }` or `{ id, error }` (the error rejects the
 * job with an Error of that message). Idle, the process does not hold the API open; at work it does, as
 * pending I/O would. A process that dies fails the job in hand (WorkerJobLost) and the next job starts
 * another.
 */
export class WorkerQueue<In, Out> {
  private child: ChildProcess | null = null;
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

  /** Whether the process is running (it starts with a job and ends when idle). */
  get processRunning(): boolean {
    return this.child !== null;
  }

  /** Ends the process; the jobs not finished are refused (WorkerJobLost), and every job after. */
  async close(): Promise<void> {
    this.closed = true;
    const refused = new WorkerJobLost('the worker queue closed');
    for (const job of this.waiting.splice(0)) job.reject(refused);
    this.running?.reject(refused);
    this.running = null;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const child = this.child;
    this.child = null;
    if (child) await ended(child);
  }

  private next(): void {
    if (this.running || this.closed) return;
    const job = this.options.next === 'oldest' ? this.waiting.shift() : this.waiting.pop();
    if (!job) {
      this.idleTimer ??= setTimeout(() => void this.stopIdle(), this.options.idleMs).unref();
      if (this.child) hold(this.child, false);
      return;
    }
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.running = job;
    const child = this.started();
    hold(child, true);
    child.send({ id: job.id, job: job.job } satisfies WorkerRequest<In>, (error) => {
      if (error) this.lost(child, String(error));
    });
  }

  private started(): ChildProcess {
    if (this.child) return this.child;
    const { file, register } = this.options.entry;
    const child = fork(file, [], {
      execArgv: register ? ['--require', register] : [],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (reply: WorkerReply<Out>) => {
      const job = this.running;
      if (this.child !== child || !job || job.id !== reply.id) return;
      this.running = null;
      if ('result' in reply) job.resolve(reply.result);
      else job.reject(new Error(reply.error));
      this.next();
    });
    child.on('error', (error) => this.lost(child, String(error)));
    child.on('exit', (code, signal) => this.lost(child, `the worker process exited (${signal ?? code})`));
    this.child = child;
    return child;
  }

  private lost(child: ChildProcess, reason: string): void {
    if (this.child !== child) return;
    this.child = null;
    child.kill();
    const job = this.running;
    this.running = null;
    job?.reject(new WorkerJobLost(reason));
    this.next();
  }

  private async stopIdle(): Promise<void> {
    this.idleTimer = null;
    const child = this.child;
    if (!child || this.running) return;
    this.child = null;
    await ended(child);
  }
}

/** Whether `child` (and its message channel) keeps this process running. */
function hold(child: ChildProcess, held: boolean): void {
  if (held) {
    child.ref();
    child.channel?.ref();
  } else {
    child.unref();
    child.channel?.unref();
  }
}

/** Ends `child`, resolving once it has exited. */
function ended(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.ref(); // waited for, as pending I/O would be
    child.kill();
  });
}

/**
 * The child's side of a WorkerQueue, called by its entry module: answers each job with `work`'s result
 * or its error, one at a time as the queue sends them, and exits when the API's channel closes (the API
 * ended, however it ended).
 */
export function serveJobs<In, Out>(work: (job: In) => Out | Promise<Out>): void {
  const send = process.send?.bind(process);
  if (!send) throw new Error('a WorkerQueue process runs as a child process of the API');
  process.on('message', ({ id, job }: WorkerRequest<In>) => {
    void Promise.resolve()
      .then(() => work(job))
      .then(
        (result) => send({ id, result } satisfies WorkerReply<Out>),
        (error: unknown) => send({ id, error: String(error) } satisfies WorkerReply<Out>),
      );
  });
  process.on('disconnect', () => process.exit(0));
}
