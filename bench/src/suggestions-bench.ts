/**
 * What visitors' suggestions cost the server: 40 suggestions interleaved with 160 ordinary public reads,
 * measured as the CPU time of the API process and its child processes (user + system, /proc; the
 * network analysis runs in a child) from before the first request until they are idle again. A
 * suggestion is read by no public answer, so it should neither drop the cached answers nor rerun the
 * network analysis (docs/architecture.md "Many replicas, one truth"). Also counts the answers that were
 * computed again, from their Answer-Computation header.
 */
import { API_ROUTES, INSIGHTS_ROUTES } from '@friends/shared';
import type { DatasetMeta, Size } from './generate';
import type { RunningApi } from './server';
import { sleep } from './util';

export const SUGGESTIONS_SIZE: Size = { creators: 5_000, videos: 50_000, seed: 42 };
export const SUGGESTIONS = 40;
export const READS = 160;
/** Server CPU for the whole mix, seconds. */
export const SUGGESTIONS_CPU_TARGET_S = 2;

export interface SuggestionsCpu {
  size: Size;
  suggestions: number;
  reads: number;
  /** User + system CPU of the API process and its children, seconds. */
  cpuSeconds: number;
  /** From the first request to the last answer. */
  wallMs: number;
  /** Distinct read URLs, and how many of them answered from a computation other than before. */
  readUrls: number;
  recomputedAnswers: number;
  /** Requests that did not answer 2xx. */
  failed: number;
}

/** The server's environment for this run: suggestions must not be refused by the rate limit. */
export const SUGGESTIONS_ENV = { SUGGESTION_RATE_LIMIT: '1000' };

/** CPU seconds so far of the API process and its children. */
const cpuSeconds = (api: RunningApi): number => api.cpuWithChildrenMs() / 1000;

/** Waits until the API and its children have used no CPU for a whole `quietMs` (at most `limitMs`). */
async function idle(api: RunningApi, quietMs = 600, limitMs = 60_000): Promise<void> {
  const started = performance.now();
  let last = cpuSeconds(api);
  while (performance.now() - started < limitMs) {
    await sleep(quietMs);
    const now = cpuSeconds(api);
    if (now - last < 0.02) return;
    last = now;
  }
}

function readUrls(meta: DatasetMeta): string[] {
  const big = meta.bigCreator.id;
  const top = meta.topCreator.id;
  return [
    API_ROUTES.leaderboard,
    INSIGHTS_ROUTES.leaderboard('month'),
    `${API_ROUTES.creatorsSearch}?q=ka`,
    `${API_ROUTES.creatorsSearch}?q=mo&offset=50&limit=50`,
    API_ROUTES.creatorProfile(big),
    API_ROUTES.creatorProfile(top),
    `${API_ROUTES.creators}/${big}/network`,
    INSIGHTS_ROUTES.communitiesSummary(8, 6),
    INSIGHTS_ROUTES.bridges(),
    INSIGHTS_ROUTES.suggested(big),
    `${API_ROUTES.videosSearch}?q=ri`,
    API_ROUTES.stats,
  ];
}

/** GETs `url` as a browser would (br, no cookie); its status and Answer-Computation. */
async function read(url: string): Promise<{ status: number; computation: string | null }> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
  await response.arrayBuffer();
  return { status: response.status, computation: response.headers.get('answer-computation') };
}

/** The analysis of the network answers cached once its first result is published. */
async function analysed(api: RunningApi): Promise<void> {
  const deadline = performance.now() + 180_000;
  while (performance.now() < deadline) {
    const { computation } = await read(`${api.url}${INSIGHTS_ROUTES.communitiesSummary(8, 6)}`);
    if (computation) return;
    await sleep(100);
  }
}

/** Runs the mix on `api` (started on SUGGESTIONS_SIZE with SUGGESTIONS_ENV). */
export async function runSuggestionsCpu(api: RunningApi, meta: DatasetMeta): Promise<SuggestionsCpu> {
  const urls = readUrls(meta).map((path) => `${api.url}${path}`);
  await analysed(api);
  const before = new Map<string, string | null>();
  for (const url of urls) {
    // Twice: a search's answer is kept only once its address is asked for again.
    await read(url);
    before.set(url, (await read(url)).computation);
  }
  await idle(api);

  const cpuBefore = cpuSeconds(api);
  const started = performance.now();
  let failed = 0;
  const perSuggestion = READS / SUGGESTIONS;
  for (let i = 0; i < SUGGESTIONS; i++) {
    const suggestion = await fetch(`${api.url}${API_ROUTES.suggestions}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `https://www.youtube.com/watch?v=bench${String(i).padStart(6, '0')}` }),
    });
    await suggestion.arrayBuffer();
    if (!suggestion.ok) failed++;
    // The reads beside it, concurrently, as visitors' would be.
    const answers = await Promise.all(
      Array.from({ length: perSuggestion }, (_, j) => read(urls[(i * perSuggestion + j) % urls.length]!)),
    );
    failed += answers.filter((answer) => answer.status !== 200).length;
  }
  const wallMs = performance.now() - started;
  await idle(api);
  const cpu = cpuSeconds(api) - cpuBefore;

  let recomputed = 0;
  for (const url of urls) if ((await read(url)).computation !== before.get(url)) recomputed++;
  return {
    size: meta.size,
    suggestions: SUGGESTIONS,
    reads: READS,
    cpuSeconds: cpu,
    wallMs,
    readUrls: urls.length,
    recomputedAnswers: recomputed,
    failed,
  };
}
