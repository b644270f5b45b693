/**
 * `npm run bench:search -w @friends/bench [-- --large] [-- --mariadb] [-- --cpu-prof=<dir>] [-- --node-flags=<flags>]`: only the search rows
 * (search-bench.ts: the creator and video searches with a new term each request, with the API's CPU per
 * request, and the API's peak RSS) on a fresh copy of the cached default or large SQLite set, or (`--mariadb`) on a throwaway
 * MariaDB loaded with the generated set. Prints one line per row. `--cpu-prof` writes a V8 CPU profile
 * of the API's main thread for the whole run into the directory; `--node-flags` adds Node flags to the
 * API's (a `--require` that times statements, say).
 */
import { runApiSuite } from './api-bench';
import { startMariadb, stopMariadb } from '../../api/test/support/mariadb-server';
import { generate, loadMariadb, sizeLabel } from './generate';
import { openSectionRun } from './section-run';
import { startApi } from './server';
import { arg, freshCopy } from './util';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

async function main(): Promise<void> {
  const { size, connections, durationSeconds, cached, buildDir } = await openSectionRun();
  const mariadb = process.argv.includes('--mariadb') ? await startMariadb() : null;
  try {
    let databaseUrl: string;
    if (mariadb) {
      databaseUrl = await loadMariadb(mariadb.url, 'friends_bench', generate(size));
    } else {
      databaseUrl = `sqlite:${freshCopy(cached.file, 'search')}`;
    }
    const profileDir = arg('cpu-prof', '');
    const nodeFlags = arg('node-flags', '').split(' ').filter(Boolean);
    if (profileDir) {
      mkdirSync(resolve(profileDir), { recursive: true });
      nodeFlags.push('--cpu-prof', '--cpu-prof-interval=200', `--cpu-prof-dir=${resolve(profileDir)}`);
    }
    const api = await startApi({ buildDir, databaseUrl, nodeFlags });
    try {
      const rows = await runApiSuite(api, cached.meta, {
        connections,
        durationSeconds,
        ceiling: false,
        writes: false,
        searchOnly: true,
      });
      const where = `${mariadb ? 'MariaDB' : 'SQLite'} ${sizeLabel(size)}`;
      for (const row of rows) {
        const cpu =
          row.cpuMsPerRequest === undefined ? '' : `, CPU ${row.cpuMsPerRequest.toFixed(2)} ms/request`;
        process.stdout.write(
          `| ${row.name} (${where}) | ${row.api.requestsPerSecond.toFixed(0)} req/s, p50 ${row.api.p50Ms} ms, p99 ${row.api.p99Ms} ms${cpu}, ${row.api.non2xx} non-2xx |\n`,
        );
      }
      process.stdout.write(`API peak RSS (VmHWM) ${(api.peakRssKb() / 1024).toFixed(0)} MB\n`);
    } finally {
      await api.stop();
    }
  } finally {
    if (mariadb) stopMariadb(mariadb);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
