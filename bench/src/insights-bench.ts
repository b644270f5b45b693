/**
 * The insights endpoints under load, and the communities-and-bridges recompute
 * after a write, timed while reads run, beside the same reads with no recompute (the baseline of this
 * run). Called by run.ts on the SQLite server; `--skip=insights` leaves it out.
 */
import autocannon from 'autocannon';
import { INSIGHTS_ROUTES, type Communities } from '@friends/shared';
import type { DatasetMeta } from './generate';
import type { RunningApi } from './server';
import { log, sleep } from './util';

export interface InsightsFigures {
  /** Until the first analysis after start answers (the API analyses at start, off the request path). */
  firstAnalysisMs: number;
  /** From the write's answer to the new creator showing in the communities. */
  recomputeMs: number;
  /** Reads (the leaderboard) while the recompute ran, and the same reads at rest. */
  readsDuringRecompute: { p99Ms: number; requests: number };
  readsAtRest: { p99Ms: number; requests: number };
  /** The API's resident set before the write and its peak (VmHWM) after the recompute, MB. */
  rssBeforeMb: number;
  peakRssAfterMb: number;
}

const TARGETS = { recomputeMs: 5000, readsP99Ms: 20 };

async function load(url: string, connections: number, seconds: number) {
  const result = await autocannon({ url, connections, duration: seconds, timeout: 10 });
  return result;
}

async function communities(api: RunningApi): Promise<Communities> {
  return (await (await fetch(`${api.url}${INSIGHTS_ROUTES.communities}`)).json()) as Communities;
}

/** Polls the communities until creator `id` is in one: the recompute that read the write has published. */
async function untilInCommunities(api: RunningApi, id: number, since: number): Promise<number> {
  while (performance.now() - since < 180_000) {
    const answer = await communities(api);
    if (answer.communities.some((community) => community.members.some((member) => member.id === id))) {
      return performance.now() - since;
    }
    await sleep(50);
  }
  return NaN;
}

/** The endpoints' own p99 is in the main table (api-bench.ts readsFor); this is the recompute. */
export async function runInsightsBench(
  api: RunningApi,
  meta: DatasetMeta,
  { connections, durationSeconds }: { connections: number; durationSeconds: number },
): Promise<InsightsFigures> {
  const started = performance.now();
  await communities(api);
  const firstAnalysisMs = performance.now() - started;

  const reads = `${api.url}${INSIGHTS_ROUTES.leaderboard('all')}`;
  await fetch(reads);
  const rest = await load(reads, connections, durationSeconds);

  // Two new creators; the first joins a community through a video with the big creator, which also
  // waits out every recompute the creators' writes started. The second is the measured one.
  const cookie = await api.login();
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${api.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: api.url },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: number };
  };
  const stamp = Date.now();
  const first = await post('/api/creators', { name: `Insights bench ${stamp} a` });
  const second = await post('/api/creators', { name: `Insights bench ${stamp} b` });
  await post('/api/videos', { title: 'Insights bench video a', authorIds: [meta.bigCreator.id, first.id] });
  await untilInCommunities(api, first.id, performance.now());
  const rssBeforeMb = api.rssKb() / 1024;

  const during = load(reads, connections, Math.max(durationSeconds, 6));
  await sleep(100);
  await post('/api/videos', { title: 'Insights bench video b', authorIds: [meta.bigCreator.id, second.id] });
  const recomputeMs = await untilInCommunities(api, second.id, performance.now());
  const loaded = await during;
  log(
    `  recompute after a write: ${Math.round(recomputeMs)} ms, reads during it p99 ${loaded.latency.p99} ms`,
  );
  return {
    firstAnalysisMs,
    recomputeMs,
    readsDuringRecompute: { p99Ms: loaded.latency.p99, requests: loaded.requests.total },
    readsAtRest: { p99Ms: rest.latency.p99, requests: rest.requests.total },
    rssBeforeMb,
    peakRssAfterMb: api.peakRssKb() / 1024,
  };
}

const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');

/** The figures as table rows: measure | figure | baseline | ratio | target | verdict; `label` names the size. */
export function formatInsights(figures: InsightsFigures, label: string, targeted: boolean): string[][] {
  return [
    [
      `communities + bridges recomputed after a write (${label})`,
      `${Math.round(figures.recomputeMs)} ms (first analysis at start ${Math.round(figures.firstAnalysisMs)} ms; ` +
        `RSS ${Math.round(figures.rssBeforeMb)} MB before, peak ${Math.round(figures.peakRssAfterMb)} MB)`,
      '',
      '',
      targeted ? `≤ ${TARGETS.recomputeMs} ms` : '',
      targeted ? verdict(figures.recomputeMs <= TARGETS.recomputeMs) : '',
    ],
    [
      `leaderboard reads during that recompute (${label})`,
      `p99 ${figures.readsDuringRecompute.p99Ms} ms (${figures.readsDuringRecompute.requests} requests)`,
      `at rest p99 ${figures.readsAtRest.p99Ms} ms (${figures.readsAtRest.requests} requests)`,
      `${(figures.readsDuringRecompute.p99Ms / Math.max(1, figures.readsAtRest.p99Ms)).toFixed(2)}×`,
      targeted ? `p99 ≤ ${TARGETS.readsP99Ms} ms` : '',
      targeted ? verdict(figures.readsDuringRecompute.p99Ms <= TARGETS.readsP99Ms) : '',
    ],
  ];
}

export function insightsFailures(figures: InsightsFigures): string[] {
  return Number.isFinite(figures.recomputeMs) ? [] : ['insights: the recompute never published the write'];
}
