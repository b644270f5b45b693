import { Worker } from 'node:worker_threads';
import { ownEntry, workerSource } from '../common/own-entry';
import type { CardContent } from './card';
import type { CardJob, CardReply } from './card-thread';

/**
 * The thread ends after this long without a card to draw (ms), and its memory (satori, the fonts it
 * loaded, resvg's pages: about 30 MB after a run of cards) goes back to the system. Cards come in
 * bursts (a link pasted in a chat, each service's preview fetching its own); the first card after the
 * thread ended pays its start again, about half a second (docs/performance.md).
 */
const IDLE_MS = 5 * 60_000;

/** A card the thread could not draw, or the thread ended (or the drawer closed) before it answered. */
export class CardNotDrawn extends Error {}

interface Job {
  id: number;
  content: CardContent;
  resolve: (png: Buffer) => void;
  reject: (error: Error) => void;
}

/**
 * Draws cards on a worker thread of their own, one at a time, first come first served. On the event
 * loop a card's layout held every other request for 15–45 ms, and resvg's rasterising on libuv's pool
 * left each of its threads holding pages of its own; here the main thread only sends what a card shows
 * and receives its PNG (30–45 KB). The thread starts with the first card and ends when idle (IDLE_MS).
 */
export class CardDrawer {
  private worker: Worker | null = null;
  private readonly waiting: Job[] = [];
  private running: Job | null = null;
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly idleMs = IDLE_MS) {}

  /** The PNG bytes of `content`'s card. */
  draw(content: CardContent): Promise<Buffer> {
    if (this.closed) return Promise.reject(new CardNotDrawn('the card drawer is closed'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, content, resolve, reject });
      this.next();
    });
  }

  /** Whether the thread is running (it starts with a card and ends when idle). */
  get threadRunning(): boolean {
    return this.worker !== null;
  }

  /** Ends the thread; the cards not drawn yet are refused (CardNotDrawn). */
  async close(): Promise<void> {
    this.closed = true;
    const refused = new CardNotDrawn('the card drawer closed');
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
    const job = this.waiting.shift();
    if (!job) {
      this.idleTimer ??= setTimeout(() => void this.stopIdle(), this.idleMs).unref();
      // Idle, the thread does not hold the process open; at work it does, as any pending I/O would.
      this.worker?.unref();
      return;
    }
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.running = job;
    const worker = this.started();
    worker.ref();
    worker.postMessage({ id: job.id, content: job.content } satisfies CardJob);
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(workerSource(ownEntry(__dirname, 'card-thread')), { eval: true });
    worker.on('message', (reply: CardReply) => {
      const job = this.running;
      if (!job || job.id !== reply.id) return;
      this.running = null;
      if ('png' in reply)
        job.resolve(Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength));
      else job.reject(new CardNotDrawn(reply.error));
      this.next();
    });
    // A thread that dies fails the card in hand; the next card starts a new thread.
    worker.on('error', (error) => this.lost(worker, String(error)));
    worker.on('exit', (code) => this.lost(worker, `the card thread exited (${code})`));
    this.worker = worker;
    return worker;
  }

  private lost(worker: Worker, reason: string): void {
    if (this.worker !== worker) return;
    this.worker = null;
    const job = this.running;
    this.running = null;
    job?.reject(new CardNotDrawn(reason));
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
