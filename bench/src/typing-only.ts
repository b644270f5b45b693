/**
 * `npm run bench:typing -w @friends/bench [-- --runs=3] [--throttled|--unthrottled] [--compare=<dir>]`:
 * only the typing rows (typing-start-bench.ts) on a fresh copy of the cached default SQLite set, served
 * by the built product. `--compare=<dir>` serves a second build (a folder laid out like
 * bench/.cache/build: api/dist, host/dist, public-remote/dist, admin-remote/dist) from a second API on
 * its own copy of the data and alternates the runs between the two, so a change is read against what
 * it replaces under the same machine load. Prints each run's keystrokes (k / ka / kar) and the medians.
 */
import { resolve } from 'node:path';
import { launch } from './browser-bench';
import { openSectionRun } from './section-run';
import { startApi, type RunningApi } from './server';
import { runTyping, type TypingFigures } from './typing-start-bench';
import { REPO_ROOT, arg, freshCopy, log, median } from './util';

async function main(): Promise<void> {
  const { cached, buildDir } = await openSectionRun();
  const runs = Number(arg('runs', '3'));
  const compare = arg('compare', '');
  const modes = process.argv.includes('--throttled')
    ? [true]
    : process.argv.includes('--unthrottled')
      ? [false]
      : [false, true];
  const builds: { name: string; dir: string }[] = [{ name: 'this build', dir: buildDir }];
  if (compare) builds.push({ name: `compare (${compare})`, dir: resolve(REPO_ROOT, compare) });
  const apis: RunningApi[] = [];
  try {
    for (const [i, build] of builds.entries()) {
      apis.push(
        await startApi({
          buildDir: build.dir,
          databaseUrl: `sqlite:${freshCopy(cached.file, `typing-${i}`)}`,
        }),
      );
    }
    const browser = await launch();
    try {
      for (const throttled of modes) {
        const all = builds.map(() => [] as number[]);
        // One run at a time, alternating between the builds: both see the same stretch of load.
        for (let run = 0; run < runs; run++) {
          for (const [i, build] of builds.entries()) {
            log(`${build.name}, run ${run + 1}`);
            const figures: TypingFigures = await runTyping(
              browser,
              apis[i]!.url,
              cached.meta,
              throttled,
              1,
              run === 0,
            );
            all[i]!.push(...figures.keystrokesMs);
          }
        }
        for (const [i, build] of builds.entries()) {
          const times = all[i]!;
          process.stdout.write(
            `| typing ${throttled ? 'CPU ×4 + slow 4G' : 'unthrottled'}, ${build.name} | median ${median(times).toFixed(0)} ms ` +
              `(worst ${Math.max(...times).toFixed(0)} ms) of ${times.length}: ${times.map((ms) => ms.toFixed(0)).join(' ')} |\n`,
          );
        }
      }
    } finally {
      await browser.close();
    }
  } finally {
    for (const api of apis) await api.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
