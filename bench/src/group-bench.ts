/**
 * Groups under load: a group's board as of a date (today, a past date, a period counted by event) and
 * its inside/across stats by year, each kept (p99 ≤ 10 ms at 10 connections) and computed once after a
 * write that changes the group (≤ 50 ms). The share bench's group grows first to 300 members, half of
 * them graduated at the end of 2022, so the past date and today rank different creators.
 */
import autocannon from 'autocannon';
import { GROUP_ROUTES } from '@friends/shared';
import type { DatasetMeta } from './generate';
import type { RunningApi } from './server';
import { log } from './util';

export const GROUP_TARGETS = { keptP99Ms: 10, coldMs: 50 } as const;
const MEMBERS = 300;

export interface GroupRow {
  name: string;
  path: string;
  bytes: number;
  /** The first read after a membership write: computed then, in ms. */
  coldMs: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

async function post(api: RunningApi, cookie: string, path: string, body: unknown): Promise<void> {
  const res = await fetch(api.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  // 400: the creator already has an overlapping period in the group (the share bench's members).
  if (res.status !== 201 && res.status !== 400) throw new Error(`POST ${path}: ${res.status}`);
}

export async function runGroupBench(
  api: RunningApi,
  meta: DatasetMeta,
  groupId: number,
  { connections, durationSeconds }: { connections: number; durationSeconds: number },
): Promise<GroupRow[]> {
  const cookie = await api.login();
  for (let i = 1; i <= MEMBERS; i++) {
    const creatorId = 1 + ((i * 15_485_863) % meta.size.creators);
    await post(api, cookie, GROUP_ROUTES.members(groupId), {
      creatorId,
      from: '2000-01-01',
      to: i % 2 === 0 ? '2022-12-31' : null,
    });
  }
  const reads = [
    { name: `group board as of today (${MEMBERS} members)`, path: GROUP_ROUTES.leaderboard(groupId) },
    { name: 'group board as of 2022-06-01', path: GROUP_ROUTES.leaderboard(groupId, '2022-06-01') },
    {
      name: 'group board as of today, last 365 days by event',
      path: GROUP_ROUTES.leaderboard(groupId, undefined, 'year', 'events'),
    },
    { name: 'group stats (inside / across by year)', path: GROUP_ROUTES.stats(groupId) },
  ];
  const rows: GroupRow[] = [];
  let extra = MEMBERS;
  for (const read of reads) {
    // A membership write first, so this answer is computed afresh.
    await post(api, cookie, GROUP_ROUTES.members(groupId), {
      creatorId: 1 + ((++extra * 15_485_863) % meta.size.creators),
      from: '2023-01-01',
      to: null,
    });
    const started = performance.now();
    const response = await fetch(api.url + read.path);
    const body = Buffer.from(await response.arrayBuffer());
    const coldMs = performance.now() - started;
    if (!response.ok) throw new Error(`GET ${read.path}: ${response.status}`);
    const result = await autocannon({ url: api.url + read.path, connections, duration: durationSeconds });
    rows.push({
      ...read,
      bytes: body.length,
      coldMs,
      requestsPerSecond: result.requests.average,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx + result.errors + result.timeouts,
    });
    log(
      `  ${read.name}: cold ${coldMs.toFixed(0)} ms, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
    );
  }
  return rows;
}

const verdict = (met: boolean) => (met ? 'met' : '**not met**');

/** The report's rows (name, figure, …, target, verdict), as run.ts prints its tables. */
export function formatGroups(rows: readonly GroupRow[], label: string): string[][] {
  return rows.map((row) => [
    `${row.name} (${label})`,
    `p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms (${row.requestsPerSecond.toFixed(0)} req/s); first read after a write ` +
      `${row.coldMs.toFixed(0)} ms; ${row.bytes} bytes`,
    '',
    '',
    `p99 ≤ ${GROUP_TARGETS.keptP99Ms} ms, cold ≤ ${GROUP_TARGETS.coldMs} ms`,
    verdict(row.p99Ms <= GROUP_TARGETS.keptP99Ms && row.coldMs <= GROUP_TARGETS.coldMs),
  ]);
}
