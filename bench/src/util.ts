/** Paths, flags and small helpers shared by the bench's modules. */
import { createServer } from 'node:net';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** bench/ (this file runs from bench/dist/bench/src/). */
export const BENCH_DIR = resolve(__dirname, '../../..');
export const REPO_ROOT = resolve(BENCH_DIR, '..');
export const CACHE_DIR = resolve(BENCH_DIR, '.cache');

/** `--name=value` on the command line, else BENCH_<NAME> in the environment, else the fallback. */
export function arg(name: string, fallback: string): string {
  const flag = process.argv.find((a) => a.startsWith(`--${name}=`));
  if (flag) return flag.slice(name.length + 3);
  if (process.argv.includes(`--${name}`)) return 'true';
  return process.env[`BENCH_${name.toUpperCase().replace(/-/g, '_')}`] ?? fallback;
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? done(address.port) : fail(new Error('no port')),
      );
    });
  });
}

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function log(message: string): void {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

/** A fresh copy of a cached SQLite set in the run folder (no stale -wal or -shm beside it): its path. */
export function freshCopy(file: string, name: string): string {
  const dir = join(CACHE_DIR, 'run');
  mkdirSync(dir, { recursive: true });
  const target = join(dir, `${name}.sqlite`);
  for (const suffix of ['', '-wal', '-shm']) rmSync(target + suffix, { force: true });
  copyFileSync(file, target);
  return target;
}
