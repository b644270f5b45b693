/**
 * A WorkerQueue process for worker-queue.spec.ts: answers each job after `ms` milliseconds with its
 * square, or an error for a negative one.
 */
import { serveJobs } from '../../src/common/worker-queue';

serveJobs<{ n: number; ms: number }, number>(
  ({ n, ms }) =>
    new Promise((resolve, reject) =>
      setTimeout(() => (n < 0 ? reject(new Error(`negative: ${n}`)) : resolve(n * n)), ms),
    ),
);
