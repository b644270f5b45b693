/**
 * The card thread (card-drawer.ts): lays out and rasterises each card it is sent, one at a time, and
 * answers its PNG bytes. Satori, resvg and the fonts live in this thread's memory alone.
 */
import { parentPort } from 'node:worker_threads';
import type { WorkerReply, WorkerRequest } from '../common/worker-queue';
import { drawCard, type CardContent } from './card';

const port = parentPort;
if (!port) throw new Error('card-thread runs as a worker thread');

port.on('message', ({ id, job }: WorkerRequest<CardContent>) => {
  drawCard(job).then(
    (png) => port.postMessage({ id, result: png } satisfies WorkerReply<Uint8Array>),
    (error: unknown) => port.postMessage({ id, error: String(error) } satisfies WorkerReply<Uint8Array>),
  );
});
