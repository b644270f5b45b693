import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ownEntry } from './own-entry';
import { WorkerJobLost, WorkerQueue, type WorkerQueueOptions } from './worker-queue';

/** A process that answers each job after `ms` milliseconds: its square, or an error for a negative one. */
const SQUARES = ownEntry(join(__dirname, '../../test/support'), 'square-process');

interface Square {
  n: number;
  ms: number;
}

const queues: Array<WorkerQueue<Square, number>> = [];
function queue(options: Partial<WorkerQueueOptions> = {}) {
  const made = new WorkerQueue<Square, number>({
    entry: SQUARES,
    idleMs: 60_000,
    next: 'oldest',
    ...options,
  });
  queues.push(made);
  return made;
}
afterAll(() => Promise.all(queues.map((made) => made.close())));

/** Runs jobs, and says the order they finished in (a rejected one as its error's class name). */
async function finishing(made: WorkerQueue<Square, number>, jobs: Square[]) {
  const finished: Array<number | string> = [];
  await Promise.all(
    jobs.map((job) =>
      made.run(job).then(
        (result) => finished.push(result),
        (error: Error) => finished.push(error.constructor.name),
      ),
    ),
  );
  return finished;
}

describe('WorkerQueue', () => {
  it('runs one job at a time, the oldest waiting first', async () => {
    const made = queue();
    expect(
      await finishing(made, [
        { n: 1, ms: 30 },
        { n: 2, ms: 0 },
        { n: 3, ms: 0 },
      ]),
    ).toEqual([1, 4, 9]);
  });

  it('runs the newest waiting first when asked, and refuses the oldest past the limit', async () => {
    const made = queue({ next: 'newest', maxWaiting: 2 });
    // 1 runs at once; 2, 3 and 4 wait, and the third of them pushes 2 out; then 4 before 3.
    const jobs = [1, 2, 3, 4].map((n) => ({ n, ms: n === 1 ? 50 : 0 }));
    expect(await finishing(made, jobs)).toEqual(['WorkerJobLost', 1, 16, 9]);
  });

  it("rejects a job with the process's error, and goes on with the next", async () => {
    const made = queue();
    await expect(made.run({ n: -2, ms: 0 })).rejects.toThrow('negative: -2');
    await expect(made.run({ n: 5, ms: 0 })).resolves.toBe(25);
  });

  it('ends its process when idle, and starts one again for the next job', async () => {
    const made = queue({ idleMs: 100 });
    expect(made.processRunning).toBe(false);
    await made.run({ n: 2, ms: 0 });
    expect(made.processRunning).toBe(true);
    const deadline = Date.now() + 10_000;
    while (made.processRunning && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(made.processRunning).toBe(false);
    await expect(made.run({ n: 3, ms: 0 })).resolves.toBe(9);
  });

  it('fails the job in hand when its process dies, and runs the next in a new one', async () => {
    const made = queue();
    await made.run({ n: 1, ms: 0 });
    const child = (made as unknown as { child: ChildProcess }).child;
    const lost = made.run({ n: 2, ms: 1_000 });
    child.kill('SIGKILL');
    await expect(lost).rejects.toThrow('the worker process exited (SIGKILL)');
    await expect(lost).rejects.toBeInstanceOf(WorkerJobLost);
    await expect(made.run({ n: 3, ms: 0 })).resolves.toBe(9);
  });

  it('ends a process whose parent is gone', async () => {
    const child = fork(SQUARES.file, [], { execArgv: ['--require', SQUARES.register!], stdio: 'ignore' });
    const exit = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    child.disconnect();
    expect(await exit).toBe(0);
  });

  it('refuses what it has not finished when closed, and every job after', async () => {
    const made = queue();
    const outcomes = finishing(made, [
      { n: 1, ms: 1_000 },
      { n: 2, ms: 0 },
    ]);
    await made.close();
    expect(await outcomes).toEqual(['WorkerJobLost', 'WorkerJobLost']);
    await expect(made.run({ n: 3, ms: 0 })).rejects.toBeInstanceOf(WorkerJobLost);
    expect(made.processRunning).toBe(false);
  });
});
