import { WorkerJobLost, WorkerQueue } from '../common/worker-queue';

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
parentPort.on('message', ({ id, job }) => {
  try {
    parentPort.postMessage({ id, result: pngQuantizeSync(job, { speed: 3 }) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
`;

/**
 * Makes card PNGs smaller after they were sent: a drawn card is a full-colour PNG of about 30–45 KB,
 * its 256-colour palette form (libimagequant, through @napi-rs/image) a third of that, which is what
 * a kept card's p99 pays for (docs/performance.md). Quantising costs about 0.3 s of CPU per card, too
 * much for the request that drew it, so it runs afterwards, one card at a time, on a worker thread at a
 * low priority; no request waits for it. The newest card goes first: a card just sent is the one a link
 * preview is fetching now, while a flood of new cards (one address asking for many creators) must not
 * hold it back. `shrink` resolves null when the palette form is not smaller or failed, undefined when
 * it was not tried (the queue was full, or closed): the card may be handed on again later.
 */
export class CardShrinker {
  private readonly queue = new WorkerQueue<Uint8Array, Uint8Array>({
    source: WORKER_SOURCE,
    workerData: { imageModule: require.resolve('@napi-rs/image') },
    idleMs: IDLE_MS,
    next: 'newest',
    maxWaiting: MAX_WAITING,
  });

  shrink(png: Buffer): Promise<Buffer | null | undefined> {
    return this.queue.run(png).then(
      (result) => {
        const smaller = Buffer.from(result.buffer, result.byteOffset, result.byteLength);
        return smaller.length < png.length ? smaller : null;
      },
      (error: unknown) => (error instanceof WorkerJobLost ? undefined : null),
    );
  }

  /** Ends the worker; what is waiting is left as drawn. */
  close(): Promise<void> {
    return this.queue.close();
  }
}
