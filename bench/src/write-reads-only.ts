/**
 * `npm run bench:write-reads -w @friends/bench -- [--large] [--rounds=60] [--repeat=1]
 * [--compare=<build>] [--cpu-prof=<dir>] [--node-flags=<flags>]`: only the row "write then its 4 reads"
 * (api-bench.ts runWriteThenReads) on a fresh copy of the cached default or large SQLite set, a new API
 * per run. Each run prints the row's p50 / p99 with the CPU the API process used per round (all its
 * threads; an upper bound, as the row's login, wait for quiet and clean-up are in it) and, apart, its
 * background's (threads below its priority and the network analysis child, background.ts), the peak
 * RSS and the load average, so a figure can be read against what shared the 2 cores.
 * `--compare` alternates this build with another build snapshot (a copy of an earlier
 * bench/.cache/build) in the same run, for an A/B; `--cpu-prof` writes a V8 CPU profile of each API
 * (sampled every 200 µs); `--node-flags` adds Node flags to the API's (a `--require` that times
 * statements, say).
 */
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { runWriteThenReads } from './api-bench';
import { backgroundCpuMs } from './background';
import { sizeLabel } from './generate';
import { openSectionRun } from './section-run';
import { startApi } from './server';
import { arg, freshCopy } from './util';

async function main(): Promise<void> {
  const { size, cached, buildDir } = await openSectionRun();
  const rounds = Number(arg('rounds', '60'));
  const repeat = Number(arg('repeat', '1'));
  const compare = arg('compare', '');
  const profileDir = arg('cpu-prof', '');
  const builds: [string, string][] = [['this build', buildDir]];
  if (compare) builds.push(['compared build', resolve(compare)]);
  for (let run = 0; run < repeat; run++) {
    for (const [name, dir] of builds) {
      const nodeFlags = arg('node-flags', '').split(' ').filter(Boolean);
      if (profileDir) {
        const target = resolve(profileDir, name.replace(/ /g, '-'));
        mkdirSync(target, { recursive: true });
        nodeFlags.push('--cpu-prof', '--cpu-prof-interval=200', `--cpu-prof-dir=${target}`);
      }
      const api = await startApi({
        buildDir: dir,
        databaseUrl: `sqlite:${freshCopy(cached.file, 'write-reads')}`,
        nodeFlags,
      });
      try {
        const cpuBefore = api.cpuMs();
        const backgroundBefore = backgroundCpuMs(api.pid);
        const figures = await runWriteThenReads(api, cached.meta, rounds);
        // The row's own cleanup (deleting its videos) is inside these figures too; read as an upper bound.
        const cpu = (api.cpuMs() - cpuBefore) / rounds;
        const background = (backgroundCpuMs(api.pid) - backgroundBefore) / rounds;
        process.stdout.write(
          `| ${name} (${sizeLabel(size)}, run ${run + 1}) | p50 ${figures.p50Ms.toFixed(1)} ms, ` +
            `p99 ${figures.p99Ms.toFixed(1)} ms | reads alone p50 ${figures.readsAloneP50Ms.toFixed(1)}, ` +
            `p99 ${figures.readsAloneP99Ms.toFixed(1)} ms | API CPU ${cpu.toFixed(1)} ms/round, ` +
            `background ${background.toFixed(1)} ms/round | peak RSS ${(api.peakRssKb() / 1024).toFixed(0)} MB | load ${(loadavg()[0] ?? 0).toFixed(1)} |\n`,
        );
      } finally {
        await api.stop();
      }
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
