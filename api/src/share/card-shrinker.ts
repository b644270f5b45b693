import { Worker } from 'node:worker_threads';

/**
 * Cards waiting to be made smaller at most; past it the one waiting longest stays as drawn (until it is
 * drawn again). A flood of new cards so costs at most this many quantisations (~0.3 s of CPU each).
 */
const MAX_WAITING = 32;
/** The worker thread ends after this long without work (ms), so an idle server holds no thread. */
const IDLE_MS = 10_000;
/**
 * The worker thread's nice value (Linux gives each thread its own): requests and draws, at 0, get
 * about nine tenths of a core it contends for, yet under a busy machine it is not starved for long.
 */
const LOW_PRIORITY = 10;

/**
 * The worker's source, run with `eval` (no compiled file to find, in jest or in dist alike): it lowers
 * its own thread's priority, then makes each PNG it is sent a palette PNG with libimagequant.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
try { require('node:os').setPriority(${LOW_PRIORITY}); } catch {}
const { pngQuantizeSync } = require(workerData.imageModule);
parentPort.on('message', ({ id, png }) => {
  try {
    parentPort.postMessage({ id, png: pngQuantizeSync(png, { speed: 3 }) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
`;

interface Job {
  id: number;
  png: Buffer;
  done: (smaller: Buffer | null | undefined) => void;
}

/**
 * Makes card PNGs smaller after they were sent: a drawn card is a full-colour PNG of about 30–45 KB,
 * its 256-colour palette form (libimagequant, through @napi-rs/image) a third of that, which is what
 * a kept card's p99 pays for (docs/performance.md). Quantising costs about 0.3 s of CPU per card, too
 * much for the request that drew it, so it runs afterwards, one card at a time (the newest first), on a worker thread at
 * a low priority; no request waits for it. `shrink` resolves null when the palette form is not
 * smaller or failed, undefined when it was not tried (the queue was full, or closed): the card may be
 * handed on again later.
 */
export class CardShrinker {
  private worker: Worker | null = null;
  private readonly waiting: Job[] = [];
  private running: Job | null = null;
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;
  private closed = false;

  shrink(png: Buffer): Promise<Buffer | null | undefined> {
    if (this.closed) return Promise.resolve(undefined);
    // Past the limit the card waiting longest goes untried: the newest is the one being shared now.
    if (this.waiting.length >= MAX_WAITING) this.waiting.shift()?.done(undefined);
    return new Promise((done) => {
      this.waiting.push({ id: this.nextId++, png, done });
      this.next();
    });
  }

  /** Ends the worker; what is waiting is left as drawn. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.done(undefined);
    this.running?.done(undefined);
    this.running = null;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private next(): void {
    if (this.running || this.closed) return;
    // Newest first: a card just sent is the one a link preview is fetching now, while a flood of new
    // cards (one address asking for many creators) must not hold it back.
    const job = this.waiting.pop();
    if (!job) {
      this.idleTimer ??= setTimeout(() => void this.stopIdle(), IDLE_MS).unref();
      // Idle, the thread does not hold the process open; at work it does, as any pending I/O would.
      this.worker?.unref();
      return;
    }
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.running = job;
    const worker = this.started();
    worker.ref();
    worker.postMessage({ id: job.id, png: job.png });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { imageModule: require.resolve('@napi-rs/image') },
    });
    worker.on('message', (answer: { id: number; png?: Uint8Array; error?: string }) => {
      const job = this.running;
      if (!job || job.id !== answer.id) return;
      this.running = null;
      const png = answer.png
        ? Buffer.from(answer.png.buffer, answer.png.byteOffset, answer.png.byteLength)
        : null;
      job.done(png && png.length < job.png.length ? png : null);
      this.next();
    });
    // A crashed worker leaves its card as drawn; the next card starts a new one.
    worker.on('error', () => this.lost(worker));
    worker.on('exit', () => this.lost(worker));
    this.worker = worker;
    return worker;
  }

  private lost(worker: Worker): void {
    if (this.worker !== worker) return;
    this.worker = null;
    const job = this.running;
    this.running = null;
    job?.done(undefined);
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
