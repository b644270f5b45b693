/**
 * The production server (`api/dist/main.js`) in a child process, serving a snapshot of the built bundles
 * (so another build elsewhere in the repository cannot change files under a run), its RSS readable from
 * /proc/<pid>/status.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { childrenCpuMs, descendants, ownCpuMs } from './background';
import { REPO_ROOT, freePort, sleep } from './util';

export const ADMIN_PASSWORD = 'bench-admin-password';

export interface RunningApi {
  url: string;
  pid: number;
  /** VmHWM: the process's peak resident set, in kB. */
  peakRssKb(): number;
  rssKb(): number;
  /** CPU time the process has used so far (user + system), in ms. */
  cpuMs(): number;
  /** As cpuMs, with its child processes' (the cards' processes, the network analysis), ended ones too. */
  cpuWithChildrenMs(): number;
  /**
   * The peak resident set (VmHWM, kB) of each kind of child process the API started (its module's name:
   * `card-process`, `card-shrink-process`, `network-analysis-child`), sampled every second while it
   * ran: their memory is not in peakRssKb.
   */
  childPeakRssKb(): Record<string, number>;
  /** Logs in as admin and returns the Cookie header value. */
  login(): Promise<string>;
  output(): string;
  stop(): Promise<void>;
}

/**
 * The Node flags and environment production starts the API with (api/package.json `runtimeFlags` and
 * `runtimeEnv`, as in the Dockerfile): both change its memory, which the bench measures.
 */
function apiRuntime(): { flags: string[]; env: Record<string, string> } {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'api/package.json'), 'utf8')) as {
    runtimeFlags?: string[];
    runtimeEnv?: Record<string, string>;
  };
  return { flags: pkg.runtimeFlags ?? [], env: pkg.runtimeEnv ?? {} };
}

function statusField(pid: number, field: string): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
      readFileSync(`/proc/${pid}/status`, 'utf8'),
    );
    return match ? Number(match[1]) : NaN;
  } catch {
    return NaN;
  }
}

/** The module a child process of the API runs (`card-process` for `node …/card-process.js`), or null. */
function childName(pid: number): string | null {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const script = args.findLast((arg) => arg.endsWith('.js'));
    return script ? basename(script, '.js') : null;
  } catch {
    return null; // ended meanwhile
  }
}

export async function startApi(options: {
  buildDir: string;
  databaseUrl: string;
  env?: Record<string, string>;
  /** Node flags added to production's (a CPU profile: `--cpu-prof`, which NODE_OPTIONS refuses). */
  nodeFlags?: string[];
}): Promise<RunningApi> {
  const port = await freePort();
  const runtime = apiRuntime();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...runtime.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    SEED_DEMO: 'false',
    ADMIN_PASSWORD,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    BUNDLES_DIR: options.buildDir,
    LOGIN_RATE_LIMIT: '100',
    // The load comes from one address: the read limit would measure itself.
    PUBLIC_READ_RATE_LIMIT: '1000000000',
    CARD_DRAW_RATE_LIMIT: '1000000000',
    ...options.env,
  };
  const child: ChildProcess = spawn(
    process.execPath,
    [...runtime.flags, ...(options.nodeFlags ?? []), join(options.buildDir, 'api/dist/main.js')],
    {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The API exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The API did not start within 60 s:\n${output}`);
    await sleep(100);
  }
  const pid = child.pid as number;
  const childPeaks: Record<string, number> = {};
  const sampleChildren = () => {
    for (const descendant of descendants(pid)) {
      const name = childName(descendant);
      const peak = statusField(descendant, 'VmHWM');
      if (name && peak > (childPeaks[name] ?? 0)) childPeaks[name] = peak;
    }
  };
  const sampler = setInterval(sampleChildren, 1_000).unref();
  child.once('exit', () => clearInterval(sampler));
  return {
    url,
    pid,
    peakRssKb: () => statusField(pid, 'VmHWM'),
    rssKb: () => statusField(pid, 'VmRSS'),
    cpuMs: () => ownCpuMs(pid),
    cpuWithChildrenMs: () => ownCpuMs(pid) + childrenCpuMs(pid),
    childPeakRssKb: () => {
      sampleChildren();
      return { ...childPeaks };
    },
    output: () => output,
    async login() {
      const send = () =>
        fetch(`${url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ password: ADMIN_PASSWORD }),
        });
      // A kept-alive socket the server closed as it idled fails the first request on it: send again.
      const response = await send().catch(send);
      if (!response.ok) throw new Error(`login answered ${response.status}: ${await response.text()}`);
      const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]);
      return cookies.join('; ');
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
