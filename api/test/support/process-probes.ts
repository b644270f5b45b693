/**
 * What the tests of a server process watch from outside it: its resident memory, and how fast
 * /api/health answers while the test makes the server work.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { API_ROUTES } from '@friends/shared';

/** The VmRSS of a process, in bytes. */
export function rssOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

/** Polls /api/health from a process of its own (not queued behind this one's uploads). */
const HEALTH_POLLER = `
  const times = [];
  let running = true;
  process.stdin.on('end', () => (running = false)).resume();
  (async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(process.argv[1]);
        await response.text();
        times.push(response.status === 200 ? performance.now() - started : Infinity);
      } catch {
        times.push(Infinity); // no answer at all: a failed poll, counted as one
      }
      if (times.length === 1) process.stderr.write('polling');
      await new Promise((r) => setTimeout(r, 5));
    }
    process.stdout.write(JSON.stringify(times));
  })();
`;

/** Runs `work` while another process polls /api/health; resolves with every poll's time, sorted. */
export async function healthDuring<T>(
  base: string,
  work: () => Promise<T>,
): Promise<{ result: T; healthMs: number[] }> {
  const poller = spawn(process.execPath, ['-e', HEALTH_POLLER, `${base}${API_ROUTES.health}`]);
  let output = '';
  poller.stdout.on('data', (part: Buffer) => (output += part.toString()));
  const exited = new Promise((resolve) => poller.once('exit', resolve));
  await new Promise((resolve) => poller.stderr.once('data', resolve)); // polling
  let result: T;
  try {
    result = await work();
  } finally {
    poller.stdin.end();
    await exited;
  }
  return { result, healthMs: (JSON.parse(output || '[]') as number[]).sort((x, y) => x - y) };
}
