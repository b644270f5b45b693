/**
 * The card thread (card-drawer.ts): lays out and rasterises each card it is sent, one at a time, and
 * answers its PNG bytes. Satori, resvg and the fonts live in this thread's memory alone.
 */
import { parentPort } from 'node:worker_threads';
import { drawCard, type CardContent } from './card';

/** What the drawer sends: a card to draw. */
export interface CardJob {
  id: number;
  content: CardContent;
}

/** What the thread answers: the card's PNG, or why it could not be drawn. */
export type CardReply = { id: number; png: Uint8Array } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('card-thread runs as a worker thread');

port.on('message', (job: CardJob) => {
  drawCard(job.content).then(
    (png) => port.postMessage({ id: job.id, png } satisfies CardReply),
    (error: unknown) => port.postMessage({ id: job.id, error: String(error) } satisfies CardReply),
  );
});
