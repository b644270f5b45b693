import { ownEntry } from '../common/own-entry';
import { WorkerJobLost, WorkerQueue } from '../common/worker-queue';

/**
 * Cards waiting to be made smaller at most; past it the one waiting longest stays as drawn (until it is
 * drawn again). A flood of new cards so costs at most this many quantisations (~0.3 s of CPU each).
 */
const MAX_WAITING = 32;
/** The process ends after this long without work (ms), so an idle server holds no process. */
const IDLE_MS = 10_000;

/**
 * Makes card PNGs smaller after they were sent: a drawn card is a full-colour PNG of about 30–45 KB,
 * its 256-colour palette form (libimagequant, through @napi-rs/image) a third of that, which is what
 * a kept card's p99 pays for (docs/performance.md). Quantising costs about 0.3 s of CPU per card, too
 * much for the request that drew it, so it runs afterwards, one card at a time, in a child process at
 * a low priority (card-shrink-process.ts), whose memory (libimagequant's, outside V8) goes back when it
 * ends; no request waits for it. The newest card goes first: a card just sent is the one a link
 * preview is fetching now, while a flood of new cards (one address asking for many creators) must not
 * hold it back. `shrink` resolves null when the palette form is not smaller or failed, undefined when
 * it was not tried (the queue was full, or closed): the card may be handed on again later.
 */
export class CardShrinker {
  private readonly queue = new WorkerQueue<Uint8Array, Uint8Array>({
    entry: ownEntry(__dirname, 'card-shrink-process'),
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

  /** Ends the process; what is waiting is left as drawn. */
  close(): Promise<void> {
    return this.queue.close();
  }
}
