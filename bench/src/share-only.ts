/**
 * `npm run bench:share -w @friends/bench [-- --large] [--after=api|insights]`: only the share
 * section's rows (share-bench.ts) on a fresh copy of the cached default or large SQLite set, optionally
 * after what `npm run bench` runs before them on the same server (`api`: the API table, the write then
 * its reads and the cold answers after a write; `insights`: the insights rows). Beside each row it prints where the machine's CPU
 * went while the row was timed: the API's threads by name (main loop, libuv pool, the card shrinker's
 * worker, V8's helpers), the API's child processes (the network analysis) and everything else, so a
 * row that misses its target can be told from a machine busy with something else.
 */
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { SHARE_ROUTES } from '@friends/shared';
import { runApiSuite, runColdAfterWrite, runWriteThenReads } from './api-bench';
import { sizeLabel } from './generate';
import { runInsightsBench } from './insights-bench';
import { openSectionRun } from './section-run';
import { startApi } from './server';
import { formatShare, runShareBench } from './share-bench';
import { arg, freshCopy, log } from './util';

const TICK_MS = 10;

function ticks(path: string): { name: string; ms: number; nice: number } | null {
  try {
    const stat = readFileSync(path, 'utf8');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    // Fields after the command name: utime and stime are the 14th and 15th, nice the 19th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { name, ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS, nice: Number(fields[16]) };
  } catch {
    return null;
  }
}

/** CPU ms so far of each of the API's threads (by name), its children, and the whole machine. */
function snapshot(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  const add = (key: string, ms: number) => out.set(key, (out.get(key) ?? 0) + ms);
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const t = ticks(`/proc/${pid}/task/${tid}/stat`);
    // Every thread of node is named 'node': the main loop by its id, the card shrinker by its nice
    // value (it lowers its own), the rest (libuv's pool, V8's compiler and GC helpers) together.
    if (t) add(tid === String(pid) ? 'api:main' : t.nice !== 0 ? `api:nice ${t.nice}` : 'api:helpers', t.ms);
    try {
      for (const child of readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8')
        .split(' ')
        .filter(Boolean)) {
        const c = ticks(`/proc/${child}/stat`);
        if (c) add(`child:${c.name}`, c.ms);
      }
    } catch {
      // the thread ended
    }
  }
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq: busy = all but idle and iowait.
  add('machine:busy', (cpu.reduce((a, b) => a + b, 0) - (cpu[3] ?? 0) - (cpu[4] ?? 0)) * TICK_MS);
  return out;
}

async function main(): Promise<void> {
  const { size, connections, durationSeconds, cached, buildDir } = await openSectionRun();
  const file = freshCopy(cached.file, 'share');
  const api = await startApi({ buildDir, databaseUrl: `sqlite:${file}` });
  try {
    const after = arg('after', '');
    if (after === 'api') {
      log('API table, write then reads, cold after a write');
      await runApiSuite(api, cached.meta, { connections, durationSeconds, ceiling: true, writes: true });
      await runWriteThenReads(api, cached.meta);
      await runColdAfterWrite(api, cached.meta);
    }
    if (after === 'insights') {
      log('insights');
      await runInsightsBench(api, cached.meta, { connections, durationSeconds });
    }
    // The share section's first row, timed the same way but at once (a reference for the machine).
    const reference = async (when: string) => {
      const url = api.url + SHARE_ROUTES.creatorFeed(cached.meta.topCreator.id);
      await fetch(url).then((r) => r.arrayBuffer());
      const cpu = snapshot(api.pid);
      const result = await autocannon({ url, connections, duration: durationSeconds });
      const main = (snapshot(api.pid).get('api:main') ?? 0) - (cpu.get('api:main') ?? 0);
      log(
        `creator feed, reference (${when}): p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
          `${result.requests.average.toFixed(0)} req/s, API main thread ${(main / result.requests.total).toFixed(3)} ms/request`,
      );
    };
    await reference('first');
    let before = snapshot(api.pid);
    const figures = await runShareBench(api, cached.meta, {
      connections,
      durationSeconds,
      onRow: (name) => {
        const now = snapshot(api.pid);
        const spent = [...now]
          .map(([key, ms]) => [key, ms - (before.get(key) ?? 0)] as const)
          .filter(([, ms]) => ms >= 20)
          .sort((a, b) => b[1] - a[1])
          .map(([key, ms]) => `${key} ${ms}`)
          .join(', ');
        log(`    CPU ms during ${name}: ${spent}`);
        before = now;
      },
    });
    await reference('last');
    for (const row of formatShare(figures, sizeLabel(size))) process.stdout.write(`| ${row.join(' | ')} |\n`);
  } finally {
    await api.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
