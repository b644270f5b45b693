import { ownEntry, workerSource } from '../common/own-entry';
import { WorkerQueue } from '../common/worker-queue';
import type { CardContent } from './card';

/**
 * The thread ends after this long without a card to draw (ms), and its memory (satori, the fonts it
 * loaded, resvg's pages: about 30 MB after a run of cards) goes back to the system. Cards come in
 * bursts (a link pasted in a chat, each service's preview fetching its own); the first card after the
 * thread ended pays its start again, about half a second (docs/performance.md).
 */
const IDLE_MS = 5 * 60_000;

/**
 * Draws cards on a worker thread of their own (card-thread.ts), one at a time, first come first served.
 * On the event loop a card's layout held every other request for 15–45 ms, and resvg's rasterising on
 * libuv's pool left each of its threads holding pages of its own; here the main thread only sends what
 * a card shows and receives its PNG (30–45 KB). A card the thread could not draw rejects with its
 * reason; one whose thread died, or that the drawer closed on, with WorkerJobLost.
 */
export class CardDrawer {
  private readonly queue: WorkerQueue<CardContent, Uint8Array>;

  constructor(idleMs = IDLE_MS) {
    this.queue = new WorkerQueue({
      source: workerSource(ownEntry(__dirname, 'card-thread')),
      idleMs,
      next: 'oldest',
    });
  }

  /** The PNG bytes of `content`'s card. */
  async draw(content: CardContent): Promise<Buffer> {
    const png = await this.queue.run(content);
    return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  }

  /** Whether the thread is running (it starts with a card and ends when idle). */
  get threadRunning(): boolean {
    return this.queue.threadRunning;
  }

  /** Ends the thread; the cards not drawn yet are refused, and every card after. */
  close(): Promise<void> {
    return this.queue.close();
  }
}
