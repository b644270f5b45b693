/**
 * Starts the PRODUCTION server (`node api/dist/main.js`, built by `npm run build`) on a free port with a
 * fresh SQLite file, waits for GET /api/health, and stops it afterwards.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** What `npm run build` must have produced for the suite to mean anything. */
export const BUILD_OUTPUTS = [
  'api/dist/main.js',
  'host/dist/index.html',
  'public-remote/dist/mf-manifest.json',
  'admin-remote/dist/mf-manifest.json',
];

/** Throws a readable error when the production build is missing. */
export function assertBuilt(): void {
  const missing = BUILD_OUTPUTS.filter((f) => !existsSync(path.join(REPO_ROOT, f)));
  if (missing.length) {
    throw new Error(
      `The production build is missing (${missing.join(', ')}).\n` +
        'Run `npm run build` first (`npm test` and `npm run test:e2e` do it for you).',
    );
  }
}

/**
 * Copies the production build into .tmp/ once per run (globalSetup) so the whole suite tests one build,
 * even if a bundle is rebuilt meanwhile (the server registers the files it finds at start). The copy
 * stays inside the repository so the API still resolves node_modules and the repository root.
 */
export const SNAPSHOT_ENV = 'FRIENDS_E2E_BUILD';

export function snapshotBuild(): string {
  assertBuilt();
  const base = path.join(REPO_ROOT, '.tmp');
  mkdirSync(base, { recursive: true });
  const dir = mkdtempSync(path.join(base, 'e2e-build-'));
  for (const folder of ['api/dist', 'host/dist', 'public-remote/dist', 'admin-remote/dist']) {
    cpSync(path.join(REPO_ROOT, folder), path.join(dir, folder), { recursive: true });
  }
  return dir;
}

export function removeSnapshot(dir: string | undefined): void {
  if (dir && dir.startsWith(path.join(REPO_ROOT, '.tmp'))) rmSync(dir, { recursive: true, force: true });
}

export interface ServerOptions {
  /** SEED_DEMO: fill the new database with the demo data. Default false (tests seed what they need). */
  seedDemo?: boolean;
  /** Extra environment variables. */
  env?: Record<string, string>;
}

export interface RunningServer {
  baseURL: string;
  port: number;
  databaseFile: string;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the production server on a fresh database. The free port is only free when it was asked
 * for: another process may take it before the server listens. So the server counts as up only once
 * its own output says it listens on that address and /api/health answers; a server that lost the port
 * race is started again on another one.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  assertBuilt();
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options, await freePort());
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt === 3) throw error;
    }
  }
}

class PortTakenError extends Error {}

async function startOnce(options: ServerOptions, port: number): Promise<RunningServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'friends-e2e-'));
  const databaseFile = path.join(dir, 'e2e.sqlite');
  const baseURL = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${databaseFile}`,
    SEED_DEMO: options.seedDemo ? 'true' : 'false',
    // Point third-party calls nowhere reachable: the suite must never depend on the internet.
    YOUTUBE_API_BASE_URL: 'http://127.0.0.1:9/youtube/v3',
    YOUTUBE_OEMBED_URL: 'http://127.0.0.1:9/oembed',
    INSTAGRAM_BASE_URL: 'http://127.0.0.1:9',
    // Every page of the suite reads from 127.0.0.1; the limit has its own API test.
    PUBLIC_READ_RATE_LIMIT: '10000000',
    // The warm-up card draw at start costs each file's server about a second of CPU beside its pages;
    // a test that opens a card pays for its first draw instead.
    WARM_CARDS: 'false',
    // At least info: the "listening on" line is how startServer knows the port is this server's.
    LOG_LEVEL: 'info',
    ...options.env,
  };
  // The demo password (shown on the login screen) is what the tests log in with.
  if (!options.env?.ADMIN_PASSWORD) delete env.ADMIN_PASSWORD;
  for (const key of ['PUBLIC_REMOTE_URL', 'ADMIN_REMOTE_URL', 'SESSION_SECRET', 'YOUTUBE_API_KEY']) {
    if (!options.env?.[key]) delete env[key];
  }

  const snapshot = process.env[SNAPSHOT_ENV];
  if (snapshot) env.BUNDLES_DIR = snapshot;
  const main = path.join(snapshot ?? REPO_ROOT, 'api/dist/main.js');
  // With the Node flags production uses (api/package.json `runtimeFlags`, as in the Dockerfile).
  const { runtimeFlags = [] } = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'api/package.json'), 'utf8'),
  ) as {
    runtimeFlags?: string[];
  };
  const child = spawn(process.execPath, [...runtimeFlags, main], { cwd: REPO_ROOT, env, stdio: 'pipe' });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let exited: string | null = null;
  child.on('exit', (code, signal) => {
    exited = `exited with ${code ?? signal}`;
  });

  const stop = async () => {
    await kill(child);
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) {
      await stop();
      if (output.includes('EADDRINUSE')) throw new PortTakenError(`Port ${port} was taken`);
      throw new Error(`The server ${exited} before it was healthy. Its output:\n${output}`);
    }
    try {
      const res = await fetch(`${baseURL}/api/health`);
      // Only our server's answer counts: its own line says it listens here.
      if (res.ok && output.includes(`listening on ${baseURL}`)) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer GET /api/health within 30 s. Its output:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { baseURL, port, databaseFile, output: () => output, stop };
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await gone;
  clearTimeout(timer);
}
