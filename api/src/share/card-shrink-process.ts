/**
 * The card shrinker's process (card-shrinker.ts): lowers its own priority, then makes each PNG it is
 * sent a palette PNG with libimagequant.
 */
import { setPriority } from 'node:os';
import { pngQuantizeSync } from '@napi-rs/image';
import { serveJobs } from '../common/worker-queue';

/**
 * The process's nice value: requests and draws, at 0, get about nine tenths of a core it contends for,
 * yet under a busy machine it is not starved for long.
 */
const LOW_PRIORITY = 10;

try {
  setPriority(LOW_PRIORITY);
} catch {
  // Not allowed here (some containers): it runs at the API's priority.
}
serveJobs<Uint8Array, Uint8Array>((png) => pngQuantizeSync(png, { speed: 3 }));
