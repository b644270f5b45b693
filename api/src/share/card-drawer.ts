import { ownEntry } from '../common/own-entry';
import { WorkerQueue } from '../common/worker-queue';
import type { CardContent } from './card';

/**
 * The process ends after this long without a card to draw (ms), and its memory (satori, the fonts it
 * loaded, resvg's pages: 60–110 MB after a run of cards) goes back to the system. Cards come in bursts
 * (a link pasted in a chat, each service's preview fetching its own); the first card after the process
 * ended pays its start again, about half a second (docs/performance.md).
 */
const IDLE_MS = 5 * 60_000;

/**
 * Draws cards in a child process of their own (card-process.ts), one at a time, first come first
 * served. On the event loop a card's layout held every other request for 15–45 ms; on a worker thread
 * the pages satori, resvg and malloc took for it stayed with the API after the thread ended (63 MB of
 * 68 after one card); here the API only sends what a card shows and receives its PNG (30–45 KB). A card
 * the process could not draw rejects with its reason; one whose process died, or that the drawer
 * closed on, with WorkerJobLost.
 */
export class CardDrawer {
  private readonly queue: WorkerQueue<CardContent, Uint8Array>;

  constructor(idleMs = IDLE_MS) {
    this.queue = new WorkerQueue({ entry: ownEntry(__dirname, 'card-process'), idleMs, next: 'oldest' });
  }

  /** The PNG bytes of `content`'s card. */
  async draw(content: CardContent): Promise<Buffer> {
    const png = await this.queue.run(content);
    return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  }

  /** Whether the process is running (it starts with a card and ends when idle). */
  get processRunning(): boolean {
    return this.queue.processRunning;
  }

  /** Ends the process; the cards not drawn yet are refused, and every card after. */
  close(): Promise<void> {
    return this.queue.close();
  }
}
