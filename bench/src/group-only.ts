/**
 * `npm run bench:groups -w @friends/bench [-- --large]`: only the group rows of the share bench (the
 * as-of boards and the stats, cold after a membership write and kept under load), on a fresh copy of
 * the cached default or large SQLite set, beside the kept all-time leaderboard read the same way (a
 * reference for what the machine gives a kept answer right now). Prints one line per row.
 */
import autocannon from 'autocannon';
import { API_ROUTES, GROUP_ROUTES } from '@friends/shared';
import { sizeLabel } from './generate';
import { formatGroups, runGroupBench } from './group-bench';
import { openSectionRun } from './section-run';
import { startApi } from './server';
import { freshCopy, log } from './util';

async function main(): Promise<void> {
  const { size, connections, durationSeconds, cached, buildDir } = await openSectionRun();
  const file = freshCopy(cached.file, 'groups');
  const api = await startApi({ buildDir, databaseUrl: `sqlite:${file}` });
  try {
    const cookie = await api.login();
    const res = await fetch(api.url + GROUP_ROUTES.groups, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ name: `Bench groups ${Date.now()}`, kind: 'agency' }),
    });
    if (res.status !== 201) throw new Error(`POST group: ${res.status}`);
    const { id } = (await res.json()) as { id: number };
    const reference = async (when: string) => {
      await fetch(api.url + API_ROUTES.leaderboard).then((r) => r.arrayBuffer());
      const result = await autocannon({
        url: api.url + API_ROUTES.leaderboard,
        connections,
        duration: durationSeconds,
      });
      log(
        `kept all-time leaderboard (reference, ${when}): p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
      );
    };
    await reference('first');
    const rows = await runGroupBench(api, cached.meta, id, { connections, durationSeconds });
    await reference('last');
    for (const row of formatGroups(rows, sizeLabel(size))) process.stdout.write(`| ${row.join(' | ')} |\n`);
  } finally {
    await api.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
