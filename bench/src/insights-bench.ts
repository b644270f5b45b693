/**
 * Issue 17's figures: the insights endpoints under load, and the communities-and-bridges recompute
 * after a write, timed while reads run, beside the same reads with no recompute (the baseline of this
 * run). Called by run.ts on the SQLite server; `--skip=insights` leaves it out.
 */
import autocannon from 'autocannon';
import { INSIGHTS_ROUTES, type Communities } from '@friends/shared';
import type { DatasetMeta } from './generate';
import type { RunningApi } from './server';
import { sleep } from './util';

export interface InsightsFigures {
  /** Until the first analysis after start answers (the API analyses at start, off the request path). */
  firstAnalysisMs: number;
  endpoints: { name: string; path: string; requestsPerSecond: number; p99Ms: number; non2xx: number }[];
  /** From the write's answer to the new creator showing in the communities. */
  recomputeMs: number;
  /** Reads (the leaderboard) while the recompute ran, and the same reads at rest. */
  readsDuringRecompute: { p99Ms: number; requests: number };
  readsAtRest: { p99Ms: number; requests: number };
}

const TARGETS = { recomputeMs: 5000, readsP99Ms: 20, endpointP99Ms: 10 };

async function load(url: string, connections: number, seconds: number) {
  const result = await autocannon({ url, connections, duration: seconds, timeout: 10 });
  return result;
}

async function communities(api: RunningApi): Promise<Communities> {
  return (await (await fetch(`${api.url}${INSIGHTS_ROUTES.communities}`)).json()) as Communities;
}

export async function runInsightsBench(
  api: RunningApi,
  meta: DatasetMeta,
  { connections, durationSeconds }: { connections: number; durationSeconds: number },
): Promise<InsightsFigures> {
  const started = performance.now();
  await communities(api);
  const firstAnalysisMs = performance.now() - started;

  const endpoints: InsightsFigures['endpoints'] = [];
  for (const [name, path] of [
    ['leaderboard, last 30 days', INSIGHTS_ROUTES.leaderboard('month')],
    ['leaderboard, last 365 days', INSIGHTS_ROUTES.leaderboard('year')],
    ['communities', INSIGHTS_ROUTES.communities],
    ['bridges (10)', INSIGHTS_ROUTES.bridges(10)],
    [
      `might collaborate (${meta.bigCreator.videoCount}-video creator)`,
      INSIGHTS_ROUTES.suggested(meta.bigCreator.id),
    ],
  ] as const) {
    await fetch(`${api.url}${path}`); // computed once, then cached until the next write
    const result = await load(`${api.url}${path}`, connections, durationSeconds);
    endpoints.push({
      name,
      path,
      requestsPerSecond: result.requests.average,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx + result.errors,
    });
  }

  const reads = `${api.url}/api/leaderboard`;
  await fetch(reads);
  const rest = await load(reads, connections, durationSeconds);

  // A write: a new creator in a video with the big creator, so it must join a community.
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
  const creator = await post('/api/creators', { name: `Insights bench ${Date.now()}` });
  await sleep(8000); // let the recompute of that write finish: the figure is one write's
  const during = load(reads, connections, Math.max(durationSeconds, 6));
  await sleep(100);
  await post('/api/videos', { title: 'Insights bench video', authorIds: [meta.bigCreator.id, creator.id] });
  const written = performance.now();
  let recomputeMs = NaN;
  while (performance.now() - written < 30_000) {
    const answer = await communities(api);
    if (
      answer.communities.some((community) => community.members.some((member) => member.id === creator.id))
    ) {
      recomputeMs = performance.now() - written;
      break;
    }
    await sleep(50);
  }
  const loaded = await during;
  return {
    firstAnalysisMs,
    endpoints,
    recomputeMs,
    readsDuringRecompute: { p99Ms: loaded.latency.p99, requests: loaded.requests.total },
    readsAtRest: { p99Ms: rest.latency.p99, requests: rest.requests.total },
  };
}

const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');

/** The figures as table rows: measure | figure | baseline | target | verdict. */
export function formatInsights(figures: InsightsFigures): string {
  const rows: string[][] = [
    ['measure', 'figure', 'baseline (same run)', 'target', ''],
    ...figures.endpoints.map((e) => [
      `insights: ${e.name}`,
      `${Math.round(e.requestsPerSecond)} req/s, p99 ${e.p99Ms} ms, ${e.non2xx} non-2xx`,
      '',
      `p99 ≤ ${TARGETS.endpointP99Ms} ms`,
      verdict(e.p99Ms <= TARGETS.endpointP99Ms && e.non2xx === 0),
    ]),
    [
      'communities + bridges recomputed after a write',
      `${Math.round(figures.recomputeMs)} ms (first analysis at start ${Math.round(figures.firstAnalysisMs)} ms)`,
      '',
      `≤ ${TARGETS.recomputeMs} ms`,
      verdict(figures.recomputeMs <= TARGETS.recomputeMs),
    ],
    [
      'leaderboard reads during that recompute',
      `p99 ${figures.readsDuringRecompute.p99Ms} ms (${figures.readsDuringRecompute.requests} requests)`,
      `at rest p99 ${figures.readsAtRest.p99Ms} ms (${figures.readsAtRest.requests} requests)`,
      `p99 ≤ ${TARGETS.readsP99Ms} ms`,
      verdict(figures.readsDuringRecompute.p99Ms <= TARGETS.readsP99Ms),
    ],
  ];
  return rows.map((row) => `| ${row.join(' | ')} |`).join('\n');
}

export function insightsFailures(figures: InsightsFigures): string[] {
  return figures.endpoints.filter((e) => e.non2xx > 0).map((e) => `insights ${e.name}: ${e.non2xx} non-2xx`);
}
