/**
 * `npm run bench:write-reads -w @friends/bench -- [--large] [--rounds=120] [--warmup=500] [--repeat=1]
 * [--compare=<build>] [--cpu-prof=<dir>] [--breakdown] [--node-flags=<flags>]`: only the row "write then its 4 reads"
 * (api-bench.ts runWriteThenReads) on a fresh copy of the cached default or large SQLite set, a new API
 * per run. Each run prints the row's p50 / p99 with the CPU the API process used per round (all its
 * threads; an upper bound, as the row's login and clean-up are in it) and, apart, its
 * background's (threads below its priority and the network analysis child, background.ts), the peak
 * RSS and the load average, so a figure can be read against what shared the 2 cores.
 * `--compare` alternates this build with another build snapshot (a copy of an earlier
 * bench/.cache/build) in the same run, for an A/B; `--cpu-prof` writes a V8 CPU profile of each API
 * (sampled every 200 µs); `--breakdown` then sends the write and each read one at a time and prints
 * each request's time and, with `--cpu-prof`, its main-thread CPU; `--node-flags` adds Node flags to the API's (a `--require` that times
 * statements, say).
 */
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { API_ROUTES } from '@friends/shared';
import { WARMUP_ROUNDS, dependentReads, runWriteThenReads, sendRowWrite } from './api-bench';
import { backgroundCpuMs, settled } from './background';
import { sizeLabel, type DatasetMeta } from './generate';
import { send, type Answer } from './http-client';
import { openSectionRun } from './section-run';
import { startApi, type RunningApi } from './server';
import { arg, freshCopy } from './util';

/** One request of the breakdown: what it was and when (process.hrtime, ns), as the profile's clock. */
interface Window {
  name: string;
  start: bigint;
  end: bigint;
}

/**
 * `--breakdown`: rounds of the write and its reads sent one request at a time, so each request's own
 * time (and, with a profile, its main-thread CPU) can be told apart. Prints each request's p50 / p90.
 */
async function breakdown(api: RunningApi, meta: DatasetMeta, rounds: number): Promise<Window[]> {
  const cookie = await api.login();
  const reads = dependentReads(meta);
  const windows: Window[] = [];
  const timed = async (name: string, request: () => Promise<Answer>) => {
    const start = process.hrtime.bigint();
    const response = await request();
    if (!response.ok) throw new Error(`${name} answered ${response.status}`);
    windows.push({ name, start, end: process.hrtime.bigint() });
  };
  const ids: number[] = [];
  try {
    for (let i = 0; i < rounds; i++) {
      for (const path of reads) await send(api.url + path); // kept again
      const start = process.hrtime.bigint();
      ids.push(await sendRowWrite(api, cookie, meta, i, 'wb'));
      windows.push({ name: 'POST /api/videos', start, end: process.hrtime.bigint() });
      for (const path of reads) await timed(`GET ${path}`, () => send(api.url + path));
    }
  } finally {
    for (const id of ids) {
      await fetch(`${api.url}${API_ROUTES.video(id)}`, { method: 'DELETE', headers: { cookie } });
    }
  }
  const byName = new Map<string, number[]>();
  for (const w of windows) {
    const list = byName.get(w.name) ?? [];
    list.push(Number(w.end - w.start) / 1e6);
    byName.set(w.name, list);
  }
  for (const [name, times] of byName) {
    times.sort((a, b) => a - b);
    const at = (p: number) =>
      (times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? NaN).toFixed(1);
    process.stdout.write(`  ${name}: p50 ${at(0.5)} ms, p90 ${at(0.9)} ms\n`);
  }
  return windows;
}

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * The main thread's busy time (every sample but idle) in each breakdown request, from the largest
 * profile in `dir` (the main thread's; workers write their own), with the functions most of it was in.
 */
function profileByRequest(dir: string, windows: readonly Window[]): void {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => join(dir, f));
  const file = files.sort((a, b) => statSync(b).size - statSync(a).size)[0];
  if (!file) return;
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const busy = new Map<string, { ms: number; count: number; self: Map<string, number> }>();
  for (const w of windows) {
    const entry = busy.get(w.name) ?? { ms: 0, count: 0, self: new Map<string, number>() };
    entry.count += 1;
    busy.set(w.name, entry);
  }
  const sorted = [...windows].sort((a, b) => (a.start < b.start ? -1 : 1));
  let at = profile.startTime; // µs, the clock of process.hrtime
  let next = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    const ns = BigInt(Math.round(at)) * 1000n;
    while (next < sorted.length && (sorted[next] as Window).end < ns) next += 1;
    const w = sorted[next];
    if (!w || ns < w.start) continue;
    const frame = frames.get(profile.samples[i] as number);
    if (!frame || frame.functionName === '(idle)') continue;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const entry = busy.get(w.name) as { ms: number; self: Map<string, number> };
    entry.ms += ms;
    const where = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*node_modules\//, '').replace(/^.*\/dist\//, '')}:${frame.lineNumber + 1}`;
    entry.self.set(where, (entry.self.get(where) ?? 0) + ms);
  }
  for (const [name, { ms, count, self }] of busy) {
    const top = [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([where, t]) => `${where} ${(t / count).toFixed(2)}`)
      .join('; ');
    process.stdout.write(`  ${name}: main thread busy ${(ms / count).toFixed(2)} ms (most in: ${top})\n`);
  }
}

async function main(): Promise<void> {
  const { size, cached, buildDir } = await openSectionRun();
  const rounds = Number(arg('rounds', '120'));
  const warmup = Number(arg('warmup', String(WARMUP_ROUNDS)));
  const repeat = Number(arg('repeat', '1'));
  const compare = arg('compare', '');
  const profileDir = arg('cpu-prof', '');
  const apart = process.argv.includes('--breakdown');
  const builds: [string, string][] = [['this build', buildDir]];
  if (compare) builds.push(['compared build', resolve(compare)]);
  for (let run = 0; run < repeat; run++) {
    for (const [name, dir] of builds) {
      const nodeFlags = arg('node-flags', '').split(' ').filter(Boolean);
      const target = profileDir ? resolve(profileDir, `${name.replace(/ /g, '-')}-${run + 1}`) : '';
      if (target) {
        mkdirSync(target, { recursive: true });
        nodeFlags.push('--cpu-prof', '--cpu-prof-interval=200', `--cpu-prof-dir=${target}`);
      }
      let windows: Window[] | undefined;
      const api = await startApi({
        buildDir: dir,
        databaseUrl: `sqlite:${freshCopy(cached.file, 'write-reads')}`,
        nodeFlags,
      });
      try {
        // The row waits for the start's background work (the first network analysis) before its
        // rounds: wait here, so that work is not counted as the row's.
        await settled(api, 'before the write and its reads');
        const cpuBefore = api.cpuMs();
        const backgroundBefore = backgroundCpuMs(api.pid);
        const figures = await runWriteThenReads(api, cached.meta, rounds, warmup);
        // The row's warm-up rounds and cleanup (deleting its videos) are inside these figures too; read
        // as an upper bound.
        const cpu = (api.cpuMs() - cpuBefore) / (warmup + rounds);
        const background = (backgroundCpuMs(api.pid) - backgroundBefore) / (warmup + rounds);
        process.stdout.write(
          `| ${name} (${sizeLabel(size)}, run ${run + 1}) | p50 ${figures.p50Ms.toFixed(1)} ms, ` +
            `p99 ${figures.p99Ms.toFixed(1)} ms | reads alone p50 ${figures.readsAloneP50Ms.toFixed(1)}, ` +
            `p99 ${figures.readsAloneP99Ms.toFixed(1)} ms | API CPU ${cpu.toFixed(1)} ms/round, ` +
            `background ${background.toFixed(1)} ms/round | peak RSS ${(api.peakRssKb() / 1024).toFixed(0)} MB | load ${(loadavg()[0] ?? 0).toFixed(1)} |\n`,
        );
        windows = apart ? await breakdown(api, cached.meta, rounds) : [];
      } finally {
        await api.stop();
      }
      // The profile is written as the API exits.
      if (target && windows && windows.length > 0) {
        profileByRequest(target, windows);
        // Kept beside the profile, to read it again by request (inclusive times, callers).
        writeFileSync(
          join(target, 'windows.json'),
          JSON.stringify(windows, (_key, value: unknown) =>
            typeof value === 'bigint' ? String(value) : value,
          ),
        );
      }
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
