/**
 * The card process (card-drawer.ts): lays out and rasterises each card it is sent, one at a time, and
 * answers its PNG bytes. Satori, resvg and the fonts live in this process's memory alone.
 */
import { serveJobs } from '../common/worker-queue';
import { drawCard, type CardContent } from './card';

serveJobs<CardContent, Uint8Array>(drawCard);
