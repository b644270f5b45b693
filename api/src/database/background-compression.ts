import { Worker } from 'node:worker_threads';

/** The forms made (AggregateCache's ContentEncoding). */
type ContentEncoding = 'br' | 'gzip';

/** The worker thread ends after this long without work (ms), so an idle server holds no thread. */
const IDLE_MS = 10_000;
/**
 * The worker thread's nice value (Linux gives each thread its own): requests, at 0, get about nine
 * tenths of a core it contends for, so forms made ahead of time never slow the answers being sent.
 */
const LOW_PRIORITY = 10;

/**
 * The worker's source, run with `eval` (no compiled file to find, in jest or in dist alike): it lowers
 * its own thread's priority, then compresses each body it is sent as AggregateCache.compressed does
 * in the thread pool (brotli quality 5 in text mode, gzip level 6), answering each form as it is made.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const zlib = require('node:zlib');
try { require('node:os').setPriority(${LOW_PRIORITY}); } catch {}
parentPort.on('message', ({ id, body, encodings }) => {
  for (const encoding of encodings) {
    try {
      const form = encoding === 'br'
        ? zlib.brotliCompressSync(body, { params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          } })
        : zlib.gzipSync(body);
      parentPort.postMessage({ id, encoding, form });
    } catch (error) {
      parentPort.postMessage({ id, encoding, error: String(error) });
    }
  }
});
`;

type Pending = Map<ContentEncoding, { resolve: (form: Buffer) => void; reject: (error: Error) => void }>;

/**
 * Compresses large answers nobody is waiting for yet (the whole communities answer of a new analysis
 * run: 3.4 MB at 1,000,000 videos, about 0.4 s of CPU for its two forms) on a worker thread at a low
 * priority, instead of on libuv's pool at the requests' priority, where it took a core from the
 * requests of the moment a run landed. The bytes are copied to the worker once for both forms.
 */
export class BackgroundCompression {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;
  private closed = false;

  /** `body`'s forms in `encodings`, each a promise; rejected when the worker fails or is closed. */
  compress(body: Buffer, encodings: readonly ContentEncoding[]): Map<ContentEncoding, Promise<Buffer>> {
    const forms = new Map<ContentEncoding, Promise<Buffer>>();
    if (this.closed) {
      for (const encoding of encodings) forms.set(encoding, Promise.reject(new Error('closed')));
      return forms;
    }
    const id = this.nextId++;
    const waiting: Pending = new Map();
    for (const encoding of encodings) {
      forms.set(encoding, new Promise((resolve, reject) => waiting.set(encoding, { resolve, reject })));
    }
    this.pending.set(id, waiting);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.started().postMessage({ id, body, encodings });
    return forms;
  }

  /** Ends the worker; what is waiting is rejected. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.fail(new Error('closed'));
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    // Its own heap holds a few objects (the bytes are outside it): a small one, so the thread adds
    // little to the API's RSS while it lives.
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 },
    });
    worker.unref();
    worker.on(
      'message',
      (answer: { id: number; encoding: ContentEncoding; form?: Uint8Array; error?: string }) => {
        const waiting = this.pending.get(answer.id);
        const one = waiting?.get(answer.encoding);
        if (!waiting || !one) return;
        waiting.delete(answer.encoding);
        if (waiting.size === 0) this.pending.delete(answer.id);
        if (answer.form)
          one.resolve(Buffer.from(answer.form.buffer, answer.form.byteOffset, answer.form.byteLength));
        else one.reject(new Error(answer.error ?? 'compression failed'));
        if (this.pending.size === 0 && !this.closed)
          this.idleTimer ??= setTimeout(() => void this.stopIdle(), IDLE_MS).unref();
      },
    );
    // A crashed worker fails what it held; the next body starts a new one.
    worker.on('error', () => this.lost(worker));
    worker.on('exit', () => this.lost(worker));
    this.worker = worker;
    return worker;
  }

  private lost(worker: Worker): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.fail(new Error('the compression worker stopped'));
  }

  private fail(error: Error): void {
    for (const waiting of this.pending.values()) for (const one of waiting.values()) one.reject(error);
    this.pending.clear();
  }

  private async stopIdle(): Promise<void> {
    this.idleTimer = null;
    const worker = this.worker;
    if (!worker || this.pending.size > 0) return;
    this.worker = null;
    await worker.terminate();
  }
}
