/**
 * Following and sharing under load: the Atom feeds (creator, pair, group), the preview pages and the
 * card images, each kept (cached ≤ 10 ms p99 at 10 connections), and cards drawn cold one at a time
 * (≤ 200 ms each). Bodies are asked for without Accept-Encoding, as the other rows (autocannon's own
 * cost of reading brotli would dominate; docs/performance.md). A group is made first (the generated
 * data has none): the most prolific creator, the big one and 30 others, members since 2000.
 */
import autocannon from 'autocannon';
import { GROUP_ROUTES, SHARE_ROUTES } from '@friends/shared';
import type { DatasetMeta } from './generate';
import { formatGroups, runGroupBench, type GroupRow } from './group-bench';
import { settled } from './background';
import { keptCard } from './kept-card';
import type { RunningApi } from './server';
import { log } from './util';

export const SHARE_TARGETS = { cachedP99Ms: 10, coldDrawMs: 200 } as const;

export interface ShareRow {
  name: string;
  path: string;
  bytes: number;
  /** The first request: computed (or drawn) then, in ms. */
  coldMs: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

export interface ShareFigures {
  rows: ShareRow[];
  /** Cards of creators never asked for before, one request at a time: each drawn cold. */
  coldDraws: { count: number; p50Ms: number; maxMs: number };
  /** The same group's boards and stats (group-bench.ts). */
  groups: GroupRow[];
}

async function makeGroup(api: RunningApi, meta: DatasetMeta): Promise<number> {
  const cookie = await api.login();
  const call = async (path: string, body: unknown) => {
    const res = await fetch(api.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: number };
  };
  const group = await call(GROUP_ROUTES.groups, { name: `Bench group ${Date.now()}`, kind: 'agency' });
  const members = new Set([meta.topCreator.id, meta.bigCreator.id]);
  for (let i = 1; members.size < 32; i++) members.add(1 + ((i * 7919) % meta.size.creators));
  for (const creatorId of members) {
    await call(GROUP_ROUTES.members(group.id), { creatorId, from: '2000-01-01', to: null });
  }
  return group.id;
}

const pairedWith = (meta: DatasetMeta): number =>
  meta.bigCreator.id !== meta.topCreator.id ? meta.bigCreator.id : meta.topCreator.id === 1 ? 2 : 1;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

export async function runShareBench(
  api: RunningApi,
  meta: DatasetMeta,
  {
    connections,
    durationSeconds,
    onRow,
  }: {
    connections: number;
    durationSeconds: number;
    /** Called as each step ends, with its name (share-only.ts reports where the CPU went meanwhile). */
    onRow?: (name: string) => void;
  },
): Promise<ShareFigures> {
  // What the sections before this one left running (the network analysis after their writes, the
  // shrinking of the cards they drew) ends first: the first requests below are timed as cold reads.
  await settled(api, 'before the share rows');
  const groupId = await makeGroup(api, meta);
  onRow?.('making the group');
  const reads: { name: string; path: string }[] = [
    {
      name: `creator feed (${meta.topCreator.videoCount} videos)`,
      path: SHARE_ROUTES.creatorFeed(meta.topCreator.id),
    },
    { name: 'pair feed', path: SHARE_ROUTES.pairFeed(meta.topCreator.id, pairedWith(meta)) },
    { name: 'group feed (32 members)', path: SHARE_ROUTES.groupFeed(groupId) },
    { name: 'preview page /?creator=', path: `/?creator=${meta.topCreator.id}` },
    { name: 'preview page /?group=', path: `/?group=${groupId}` },
    { name: 'creator card PNG', path: SHARE_ROUTES.creatorCard(meta.topCreator.id) },
    { name: 'group card PNG', path: SHARE_ROUTES.groupCard(groupId) },
  ];
  const rows: ShareRow[] = [];
  for (const read of reads) {
    const started = performance.now();
    const response = await fetch(api.url + read.path, { headers: { 'accept-encoding': 'identity' } });
    let body: Buffer = Buffer.from(await response.arrayBuffer());
    const coldMs = performance.now() - started;
    if (!response.ok) throw new Error(`GET ${read.path}: ${response.status}`);
    if (read.path.endsWith('.png')) body = await keptCard(api.url + read.path, body);
    // A kept row times the kept answer alone. The work off the request path that this row's first
    // request or an earlier row started (the card's shrinking, a recompute after the group's writes)
    // runs at a lowered priority, yet on 2 cores shared with autocannon each of its time slices delays
    // a few requests by milliseconds, which is the p99 of a 10 ms row: such work is measured where it
    // is the subject (the insights rows, reads during a recompute), not here.
    await settled(api, read.name);
    const result = await autocannon({
      url: api.url + read.path,
      connections,
      duration: durationSeconds,
      timeout: 10,
    });
    rows.push({
      ...read,
      bytes: body.length,
      coldMs,
      requestsPerSecond: result.requests.average,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx + result.errors + result.timeouts,
    });
    log(`  ${read.name}: ${result.requests.average.toFixed(0)} req/s p99 ${result.latency.p99} ms`);
    onRow?.(read.name);
  }
  const draws: number[] = [];
  for (let n = 1; n <= 20; n++) {
    const id = 1 + ((n * 104_729 + 17) % meta.size.creators);
    const started = performance.now();
    const response = await fetch(api.url + SHARE_ROUTES.creatorCard(id));
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`card of ${id}: ${response.status}`);
    draws.push(performance.now() - started);
  }
  draws.sort((a, b) => a - b);
  onRow?.('cold draws');
  // The cold draws above leave their cards' shrinking (about 0.3 s of CPU each) queued.
  await settled(api, 'the group rows');
  log('  group boards and stats');
  const groups = await runGroupBench(api, meta, groupId, { connections, durationSeconds });
  return {
    rows,
    coldDraws: { count: draws.length, p50Ms: percentile(draws, 50), maxMs: draws.at(-1)! },
    groups,
  };
}

const verdict = (met: boolean) => (met ? 'met' : '**not met**');

/** The report's rows (name, figure, …, target, verdict), as run.ts prints its tables. */
export function formatShare(figures: ShareFigures, label: string): string[][] {
  return [
    ...figures.rows.map((row) => [
      `${row.name}, kept (${label})`,
      `p99 ${row.p99Ms} ms (${row.requestsPerSecond.toFixed(0)} req/s, p50 ${row.p50Ms} ms; first request ` +
        `${row.coldMs.toFixed(0)} ms; ${row.bytes} bytes as sent)`,
      '',
      '',
      `p99 ≤ ${SHARE_TARGETS.cachedP99Ms} ms`,
      verdict(row.p99Ms <= SHARE_TARGETS.cachedP99Ms),
    ]),
    [
      `card drawn cold, ${figures.coldDraws.count} new creators one at a time (${label})`,
      `max ${figures.coldDraws.maxMs.toFixed(0)} ms (p50 ${figures.coldDraws.p50Ms.toFixed(0)} ms)`,
      '',
      '',
      `each ≤ ${SHARE_TARGETS.coldDrawMs} ms`,
      verdict(figures.coldDraws.maxMs <= SHARE_TARGETS.coldDrawMs),
    ],
    ...formatGroups(figures.groups ?? [], label),
  ];
}

/** Answers that were not 2xx (a broken route, not a slow one). */
export function shareFailures(figures: ShareFigures): string[] {
  return [...figures.rows, ...(figures.groups ?? [])]
    .filter((row) => row.non2xx > 0)
    .map((row) => `${row.name}: ${row.non2xx} non-2xx`);
}
