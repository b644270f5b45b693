/**
 * The production server as its own process, for the tests that signal it (SIGTERM, SIGKILL): the API is
 * compiled by swc, as jest runs it, into node_modules/.cache (rebuilt only when api/src changed, so
 * `npm run build` and the browser suite's dist are never touched) and started as `node main.js`. The
 * production build itself (tsc) is what the browser suite and the soak start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { transformFileSync } from '@swc/core';
import { API_ROUTES } from '@friends/shared';
import { ADMIN_PASSWORD, SESSION_SECRET } from './credentials';
import { SWC_NODE_OPTIONS } from './swc-options.cjs';

const REPO = resolve(__dirname, '../../..');
const BUILD_DIR = join(REPO, 'node_modules/.cache/friends-api-process');
const STAMP = join(BUILD_DIR, '.built');
const LOCK = `${BUILD_DIR}.lock`;
export const PROCESS_ADMIN_PASSWORD = ADMIN_PASSWORD;
/** The Node flags production starts the API with (api/package.json `runtimeFlags`). */
export const RUNTIME_FLAGS = (
  JSON.parse(readFileSync(join(REPO, 'api/package.json'), 'utf8')) as { runtimeFlags: string[] }
).runtimeFlags;

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/**
 * Compiles api/src unless the last compile is newer than every source file and the compiler's options.
 * `npm test` runs the SQLite and MariaDB suites side by side, so two jest processes may want the compile
 * at once: whoever takes the lock (a folder, made atomically) compiles; the other waits for it, finds
 * the stamp fresh and compiles nothing, so no process starts a main.js that the other is still writing.
 * swc, not tsc: the typecheck is its own stage, and tsc spent 30 s to minutes of a loaded machine on
 * what swc does in half a second.
 */
export function ensureApiBuild(): string {
  const src = join(REPO, 'api/src');
  const sources = () => Math.max(newest(src), statSync(join(__dirname, 'swc-options.cjs')).mtimeMs);
  const fresh = () => existsSync(STAMP) && statSync(STAMP).mtimeMs >= sources();
  if (!fresh()) {
    mkdirSync(dirname(LOCK), { recursive: true });
    withLock(() => {
      if (fresh()) return;
      rmSync(BUILD_DIR, { recursive: true, force: true });
      for (const file of sourceFiles(src)) {
        const target = join(BUILD_DIR, relative(src, file)).replace(/\.ts$/, '.js');
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, transformFileSync(file, SWC_NODE_OPTIONS).code);
      }
      writeFileSync(STAMP, new Date().toISOString());
    });
  }
  return join(BUILD_DIR, 'main.js');
}

/** The API's own TypeScript files, without its unit tests. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /(?<!\.spec|\.test)\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** A compile takes minutes at most: a lock older than this was left by a killed run. */
const STALE_LOCK_MS = 10 * 60_000;

function withLock(fn: () => void): void {
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > STALE_LOCK_MS)
          rmSync(LOCK, { recursive: true, force: true });
      } catch {
        // released meanwhile
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    fn();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
  /** Headers of a logged-in admin (cookie, JSON, same-origin Origin). */
  adminHeaders(): Promise<Record<string, string>>;
  /** SIGKILL unless already gone. */
  stop(): Promise<void>;
}

/**
 * Starts `main` (default: the cached build of ensureApiBuild; the soak passes api/dist/main.js), with
 * `nodeFlags` before it (RUNTIME_FLAGS for production's memory behaviour).
 */
export async function startApiProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
  main: string = ensureApiBuild(),
  nodeFlags: readonly string[] = [],
): Promise<ApiProcess> {
  const child = spawn(process.execPath, [...nodeFlags, main], {
    cwd: REPO,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      // The OS picks the port as the server binds and the process tells it over IPC (main.ts): a port
      // found free beforehand could be taken by a parallel suite's server, whose answers we would read.
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: PROCESS_ADMIN_PASSWORD,
      SESSION_SECRET,
      LOG_LEVEL: 'warn',
      BUNDLES_DIR: join(REPO, 'node_modules/.cache/friends-no-bundles'),
      // Tests send many reads from one address; the limit itself is tested on its own.
      PUBLIC_READ_RATE_LIMIT: '10000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const listening = new Promise<string>((found) =>
    child.on('message', (message: { listening?: string }) => {
      if (message.listening) found(message.listening);
    }),
  );
  let url = '(not listening yet)';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => {
      // A test stops the process by a signal; an exit code of its own is a crash, and the test that
      // next finds the port closed would otherwise say nothing of why.
      if (code) process.stderr.write(`The API process on ${url} exited with code ${code}:\n${output}\n`);
      done({ code, signal });
    }),
  );
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((late) => (timer = setTimeout(() => late('timeout'), 30_000)));
  const started = await Promise.race([listening, exited.then(() => 'exited' as const), deadline]);
  clearTimeout(timer);
  if (started === 'exited')
    throw new Error(`The API exited (${child.exitCode ?? child.signalCode}):\n${output}`);
  if (started === 'timeout') {
    child.kill('SIGKILL');
    throw new Error(`The API did not start within 30 s:\n${output}`);
  }
  url = started;
  child.disconnect(); // the channel would keep the process alive after a graceful shutdown
  const ready = await fetch(`${url}${API_ROUTES.ready}`);
  if (!ready.ok) throw new Error(`The API is not ready (${ready.status}):\n${output}`);
  let headers: Record<string, string> | undefined;
  return {
    url,
    child,
    exited,
    output: () => output,
    adminHeaders: async () => {
      if (headers) return headers;
      const res = await fetch(`${url}${API_ROUTES.login}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ password: PROCESS_ADMIN_PASSWORD }),
      });
      if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
      const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      return (headers = { cookie, 'content-type': 'application/json', origin: url });
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
