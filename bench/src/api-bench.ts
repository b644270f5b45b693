/**
 * The API figures: autocannon at 10 connections on loopback against each read endpoint and a write
 * mix, each beside the ceiling — a bare node:http process answering the same bytes from memory —
 * measured right after it in the same run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import {
  API_ROUTES,
  INSIGHTS_ROUTES,
  NETWORK_ROUTES,
  PAGING,
  SHARE_ROUTES,
  pagedListUrl,
} from '@friends/shared';
import { settled } from './background';
import type { DatasetMeta } from './generate';
import { send } from './http-client';
import { keptCard } from './kept-card';
import { searchReads } from './search-bench';
import type { RunningApi } from './server';
import { CACHE_DIR, log } from './util';

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  requests: number;
}

export interface EndpointResult {
  name: string;
  path: string;
  kind: 'visitor' | 'admin' | 'compat' | 'write';
  /** A new URL per request: computed each time, never replayed from the cache. */
  uncached?: boolean;
  /** Bytes of one answer. */
  bytes: number;
  /** First request after start: the aggregate computed (not cached yet), in ms. */
  coldMs: number;
  api: LoadFigures;
  ceiling: LoadFigures;
  /** api requests/s ÷ ceiling requests/s. */
  ratio: number;
  /** Uncached reads: the server's CPU time per request under load (user + system), in ms. */
  cpuMsPerRequest?: number;
  note?: string;
}

export interface ApiSuiteOptions {
  connections: number;
  durationSeconds: number;
  /** Skip the ceiling runs (scaling runs). */
  ceiling: boolean;
  /** Run the write mix. */
  writes: boolean;
  /** Only the search rows (search-only.ts). */
  searchOnly?: boolean;
}

const figures = (result: autocannon.Result): LoadFigures => ({
  requestsPerSecond: result.requests.average,
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  errors: result.errors + result.timeouts,
  non2xx: result.non2xx,
  requests: result.requests.total,
});

async function startCeiling(body: Buffer, contentType: string): Promise<{ url: string; stop: () => void }> {
  const dir = mkdtempSync(join(CACHE_DIR, 'ceiling-'));
  const file = join(dir, 'body');
  writeFileSync(file, body);
  const child = spawn(process.execPath, [join(__dirname, 'ceiling-server.js'), file, contentType], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((done, fail) => {
    child.stdout?.once('data', (chunk: Buffer) => done(Number(chunk.toString().trim())));
    child.once('exit', (code) => fail(new Error(`ceiling server exited ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function cannon(options: autocannon.Options): Promise<autocannon.Result> {
  return autocannon({ timeout: 10, ...options });
}

/**
 * Untimed load before a kept answer's row, on the API and on the ceiling alike: V8 compiles a route's
 * replay during its first few thousand requests, which a server up for a while has long done, and a
 * 2 s row of a freshly started process would otherwise time that compiling (the suite's first row read
 * 0.29–0.41× of its ceiling, the same replay 0.6× later on).
 */
const WARM_UP_SECONDS = 0.5;

/** One read of the suite: visitor reads carry the p99 target; admin reads send the session cookie. */
export interface Read {
  name: string;
  path: string;
  /** compat: an API shape kept for other clients that no screen reads (reported, not judged). */
  kind: 'visitor' | 'admin' | 'compat';
  /** A new URL per request (setupRequest), so each answer is computed, not replayed from the cache. */
  rotate?: (n: number) => string;
  note?: string;
}

/** Three-letter terms the generated names are made of (generate.ts SYLLABLES): most match someone. */
const TERMS = 'kar mon tal nel luv vis sad dop per raz lie ena aro osb cef ago hij kol emi nop'.split(' ');

/** A creator other than the most prolific one, for a pair with it (the big creator when they differ). */
const pairedWith = (meta: DatasetMeta): number =>
  meta.bigCreator.id !== meta.topCreator.id ? meta.bigCreator.id : meta.topCreator.id === 1 ? 2 : 1;

/** The reads each screen makes, as the bundles ask for them (shared's route helpers). */
export function readsFor(meta: DatasetMeta): Read[] {
  const term = meta.bigCreator.name.slice(0, 4).toLowerCase();
  const page = PAGING.creatorsPage;
  return [
    {
      name: `first page (All Creators, ${page} + total)`,
      path: pagedListUrl(API_ROUTES.creatorsSearch, { limit: page }),
      kind: 'visitor',
    },
    {
      name: `search page ("${term}", ${page} + total)`,
      path: pagedListUrl(API_ROUTES.creatorsSearch, { q: term, limit: page }),
      kind: 'visitor',
    },
    {
      name: 'search page, one letter ("k": no index, a scan)',
      path: pagedListUrl(API_ROUTES.creatorsSearch, { q: 'k', limit: page }),
      kind: 'visitor',
    },
    {
      name: 'search page, a new term and page each request (uncached)',
      path: pagedListUrl(API_ROUTES.creatorsSearch, { q: 'kar', limit: page }),
      kind: 'visitor',
      // Each term at each page a visitor reaches (PAGING.visitorWindow), then again a row shorter.
      rotate: (n) => {
        const step = Math.floor(n / (TERMS.length * 26));
        const pages = Math.floor(PAGING.visitorWindow / page);
        return pagedListUrl(API_ROUTES.creatorsSearch, {
          q: `${TERMS[n % TERMS.length]}${n >= TERMS.length ? String.fromCharCode(97 + (Math.floor(n / TERMS.length) % 26)) : ''}`,
          offset: page * (step % pages),
          limit: page - (Math.floor(step / pages) % (page - 1)),
        });
      },
    },
    {
      name: `profile (${meta.bigCreator.videoCount} videos)`,
      path: API_ROUTES.creatorProfile(meta.bigCreator.id),
      kind: 'visitor',
    },
    {
      name: `Atom feed of a creator (${meta.topCreator.videoCount} videos, newest 50 collaborations)`,
      path: SHARE_ROUTES.creatorFeed(meta.topCreator.id),
      kind: 'visitor',
    },
    {
      name: 'Atom feed of a pair',
      path: SHARE_ROUTES.pairFeed(meta.topCreator.id, pairedWith(meta)),
      kind: 'visitor',
    },
    {
      name: 'link preview page (/?creator=)',
      path: `/?creator=${meta.bigCreator.id}`,
      kind: 'visitor',
    },
    {
      name: 'preview card PNG (cached)',
      path: SHARE_ROUTES.creatorCard(meta.bigCreator.id),
      kind: 'visitor',
    },
    {
      name: 'preview card PNG, a new creator each request (drawn cold)',
      path: SHARE_ROUTES.creatorCard(meta.topCreator.id),
      kind: 'visitor',
      rotate: (n) => SHARE_ROUTES.creatorCard(1 + ((n * 7919) % meta.size.creators)),
      note: 'cold: one card drawn; p99 at 10 connections queues the draws on the one card thread',
    },
    {
      name: "profile's next page of videos ('Show more')",
      path: pagedListUrl(API_ROUTES.creatorVideos(meta.bigCreator.id), { offset: PAGING.profileVideos }),
      kind: 'visitor',
    },
    { name: 'leaderboard', path: INSIGHTS_ROUTES.leaderboard('all'), kind: 'visitor' },
    { name: 'leaderboard, last 30 days', path: INSIGHTS_ROUTES.leaderboard('month'), kind: 'visitor' },
    { name: 'leaderboard, last 365 days', path: INSIGHTS_ROUTES.leaderboard('year'), kind: 'visitor' },
    // Counted by event: the all-time board from the stored counts by event, the periods merged per event.
    { name: 'leaderboard by event', path: INSIGHTS_ROUTES.leaderboard('all', 'events'), kind: 'visitor' },
    {
      name: 'leaderboard by event, last 365 days',
      path: INSIGHTS_ROUTES.leaderboard('year', 'events'),
      kind: 'visitor',
    },
    {
      name: `network, 1 hop (hub: ${meta.topCreator.videoCount} videos)`,
      path: NETWORK_ROUTES.network(meta.topCreator.id, 1),
      kind: 'visitor',
    },
    {
      name: 'network, 2 hops (same hub)',
      path: NETWORK_ROUTES.network(meta.topCreator.id, 2),
      kind: 'visitor',
    },
    {
      // The leaderboard's panel (public-remote communities-panel.tsx: 8 communities, 6 members each).
      name: 'communities summary (8 × 6, the leaderboard panel)',
      path: INSIGHTS_ROUTES.communitiesSummary(8, 6),
      kind: 'visitor',
    },
    {
      name: "communities of a graph's creators (the hub and 49 others)",
      path: INSIGHTS_ROUTES.communitiesOfIds(
        Array.from({ length: 50 }, (_, i) =>
          i === 0 ? meta.topCreator.id : 1 + ((i * 7919) % meta.size.creators),
        ),
      ),
      kind: 'visitor',
    },
    {
      name: 'communities, every member (no screen reads it)',
      path: INSIGHTS_ROUTES.communities,
      kind: 'compat',
    },
    { name: 'bridges (10)', path: INSIGHTS_ROUTES.bridges(10), kind: 'visitor' },
    {
      name: `might collaborate (${meta.bigCreator.videoCount}-video creator)`,
      path: INSIGHTS_ROUTES.suggested(meta.bigCreator.id),
      kind: 'visitor',
    },
    {
      name: `admin: Manage Videos page (${PAGING.videosPage} + total)`,
      path: pagedListUrl(API_ROUTES.videosSearch, { limit: PAGING.videosPage }),
      kind: 'admin',
    },
    {
      name: `admin: video search page ("${term}")`,
      path: pagedListUrl(API_ROUTES.videosSearch, { q: term, limit: PAGING.videosPage }),
      kind: 'admin',
    },
    {
      name: `admin: creator search page ("${term}", names)`,
      path: pagedListUrl(API_ROUTES.creatorsSearch, { q: term, scope: 'names', limit: PAGING.videosPage }),
      kind: 'admin',
    },
    { name: 'admin: analytics (totals + first page of 50)', path: API_ROUTES.stats, kind: 'admin' },
  ];
}

export async function runApiSuite(
  api: RunningApi,
  meta: DatasetMeta,
  options: ApiSuiteOptions,
): Promise<EndpointResult[]> {
  const cookie = await api.login();
  const reads = options.searchOnly ? searchReads() : [...readsFor(meta), ...searchReads()];
  const results: EndpointResult[] = [];
  for (const read of reads) {
    const headers: Record<string, string> = read.kind === 'admin' ? { cookie } : {};
    const started = performance.now();
    const response = await fetch(api.url + read.path, { headers });
    const sent = Buffer.from(await response.arrayBuffer());
    const coldMs = performance.now() - started;
    if (!response.ok)
      throw new Error(`GET ${read.path} answered ${response.status}: ${sent.toString().slice(0, 300)}`);
    const contentType = response.headers.get('content-type') ?? 'application/json';
    // A kept card is its palette form: time that one, as the ceiling sends it too.
    const body =
      contentType.startsWith('image/png') && !read.rotate ? await keptCard(api.url + read.path, sent) : sent;
    log(`  ${read.path}: ${body.length} bytes, cold ${coldMs.toFixed(0)} ms`);
    const rotate = read.rotate;
    if (!rotate) {
      await cannon({
        url: api.url + read.path,
        headers,
        connections: options.connections,
        duration: WARM_UP_SECONDS,
      });
    }
    // Timed once the API's background work has stopped: the first network analysis and the warm-up
    // card of a fresh start, the shrinking of the cards a row before drew, this answer's compression.
    await settled(api, read.name);
    let n = 0;
    // The cards are drawn and made smaller in child processes of the API: their CPU is the request's.
    const cpuBefore = api.cpuWithChildrenMs();
    const apiResult = figures(
      await cannon({
        url: api.url + read.path,
        headers,
        connections: options.connections,
        duration: options.durationSeconds,
        ...(rotate ? { requests: [{ setupRequest: (request) => ({ ...request, path: rotate(n++) }) }] } : {}),
      }),
    );
    const cpuMsPerRequest = (api.cpuWithChildrenMs() - cpuBefore) / Math.max(1, apiResult.requests);
    let ceiling: LoadFigures = {
      requestsPerSecond: NaN,
      p50Ms: NaN,
      p99Ms: NaN,
      errors: 0,
      non2xx: 0,
      requests: 0,
    };
    if (options.ceiling && !rotate) {
      const server = await startCeiling(body, contentType);
      try {
        const url = server.url + read.path;
        await cannon({ url, connections: options.connections, duration: WARM_UP_SECONDS });
        ceiling = figures(
          await cannon({ url, connections: options.connections, duration: options.durationSeconds }),
        );
      } finally {
        server.stop();
      }
    }
    results.push({
      name: read.name,
      path: read.path,
      kind: read.kind,
      uncached: Boolean(rotate),
      bytes: body.length,
      coldMs,
      api: apiResult,
      ceiling,
      ratio: apiResult.requestsPerSecond / ceiling.requestsPerSecond,
      ...(rotate ? { cpuMsPerRequest } : {}),
    });
    log(
      `  ${read.name}: ${apiResult.requestsPerSecond.toFixed(0)} req/s p99 ${apiResult.p99Ms} ms` +
        (options.ceiling ? ` (ceiling ${ceiling.requestsPerSecond.toFixed(0)} req/s)` : ''),
    );
  }
  if (options.writes) results.push(await writeMix(api, meta, options));
  return results;
}

/**
 * Each connection loops create → update → delete of its own video (admin session cookie), so the data
 * ends as it began. Every answer must be 2xx.
 */
async function writeMix(
  api: RunningApi,
  meta: DatasetMeta,
  options: ApiSuiteOptions,
): Promise<EndpointResult> {
  const cookie = await api.login();
  const headers = { 'content-type': 'application/json', cookie };
  let counter = 0;
  const creators = meta.size.creators;
  const authorsFor = (n: number) =>
    [1 + (n % creators), 1 + ((n * 7919) % creators)].filter((v, i, a) => a.indexOf(v) === i);
  const videoBody = (n: number, id?: number) =>
    JSON.stringify({
      ...(id === undefined ? {} : { id }),
      title: `Bench write ${n}${id === undefined ? '' : ' (edited)'}`,
      url: `https://www.youtube.com/watch?v=bw${String(n).padStart(9, '0')}`,
      date: '2025-06-01',
      authorIds: authorsFor(n),
    });
  const sample = await fetch(`${api.url}/api/videos`, { method: 'POST', headers, body: videoBody(0) });
  const sampleBody = Buffer.from(await sample.arrayBuffer());
  if (!sample.ok) throw new Error(`POST /api/videos answered ${sample.status}: ${sampleBody.toString()}`);
  const sampleId = (JSON.parse(sampleBody.toString()) as { id: number }).id;
  await fetch(`${api.url}/api/videos/${sampleId}`, { method: 'DELETE', headers });

  const result = await cannon({
    url: api.url,
    connections: options.connections,
    duration: options.durationSeconds,
    requests: [
      {
        method: 'POST',
        path: '/api/videos',
        headers,
        setupRequest: (request, context) => {
          context.n = ++counter;
          return { ...request, body: videoBody(counter) };
        },
        onResponse: (status, body, context) => {
          context.id = status < 300 ? (JSON.parse(body) as { id: number }).id : undefined;
        },
      },
      {
        method: 'PUT',
        path: '/api/videos',
        headers,
        setupRequest: (request, context) => ({
          ...request,
          body: videoBody(context.n as number, context.id as number),
        }),
      },
      {
        method: 'DELETE',
        headers: { cookie },
        setupRequest: (request, context) => ({ ...request, path: `/api/videos/${context.id as number}` }),
      },
    ],
  });
  const server = await startCeiling(sampleBody, 'application/json; charset=utf-8');
  let ceiling: autocannon.Result;
  try {
    ceiling = await cannon({
      url: server.url,
      connections: options.connections,
      duration: options.durationSeconds,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: videoBody(1),
    });
  } finally {
    server.stop();
  }
  const apiFigures = figures(result);
  const ceilingFigures = figures(ceiling);
  log(`  write mix: ${apiFigures.requestsPerSecond.toFixed(0)} req/s p99 ${apiFigures.p99Ms} ms`);
  return {
    name: 'write mix (create/update/delete video)',
    path: 'POST+PUT+DELETE /api/videos',
    kind: 'write',
    bytes: sampleBody.length,
    coldMs: NaN,
    api: apiFigures,
    ceiling: ceilingFigures,
    ratio: apiFigures.requestsPerSecond / ceilingFigures.requestsPerSecond,
  };
}

export interface WriteThenReads {
  iterations: number;
  /** From sending the write to the last of its dependent reads answered. */
  p50Ms: number;
  p99Ms: number;
  /** The same reads with no write before them (answered from the cache): the baseline. */
  readsAloneP50Ms: number;
  readsAloneP99Ms: number;
  /** The reads, in the order the screens ask for them. */
  reads: string[];
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

/** The four answers a write of the row makes cold: the profile, first creators page, leaderboard, analytics. */
export function dependentReads(meta: DatasetMeta): string[] {
  return [
    API_ROUTES.creatorProfile(meta.bigCreator.id),
    pagedListUrl(API_ROUTES.creatorsSearch, { limit: PAGING.creatorsPage }),
    INSIGHTS_ROUTES.leaderboard('all'),
    API_ROUTES.stats,
  ];
}

/** The body of the row's `i`th write: a new video of the big creator and one other (`prefix` keeps URLs apart). */
export function rowWrite(meta: DatasetMeta, i: number, prefix = 'wr'): string {
  const other = 1 + ((i * 7919) % meta.size.creators);
  return JSON.stringify({
    title: `Bench write-then-read ${i}`,
    url: `https://www.youtube.com/watch?v=${prefix}${String(i).padStart(9, '0')}`,
    date: '2025-06-01',
    authorIds: [...new Set([meta.bigCreator.id, other])],
  });
}

/** Sends the row's `i`th write as the admin (`cookie`); answers the new video's id. */
export async function sendRowWrite(
  api: RunningApi,
  cookie: string,
  meta: DatasetMeta,
  i: number,
  prefix?: string,
): Promise<number> {
  const response = await send(`${api.url}${API_ROUTES.videos}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-encoding': 'identity', cookie },
    body: rowWrite(meta, i, prefix),
  });
  const body = response.body.toString();
  if (!response.ok) throw new Error(`POST /api/videos answered ${response.status}: ${body}`);
  return (JSON.parse(body) as { id: number }).id;
}

/**
 * Rounds sent before the timed ones and not counted: V8 optimizes the write's code paths over its
 * first few hundred writes (each of its functions runs once a write, so it takes that long to look
 * hot), on a compiler thread that takes the second core from this client and the request thread.
 * A server that has been up for a while has long done it: after 40 rounds the compiles still ran
 * through the timed ones (200-350 ms of compiling every 50 writes until the 300th, under 130 ms
 * from the 500th; docs/performance.md). The large set's suite sends no writes before this row.
 */
export const WARMUP_ROUNDS = 500;

/**
 * An admin adds a video with the big creator, then the screens that show it read again at once (in
 * parallel, as a browser would, on kept-alive connections): its profile, the first page of creators,
 * the leaderboard, analytics. `warmup` untimed rounds, then `iterations` timed ones; each video is
 * deleted again afterwards (not timed), so the data ends as it began. The baseline is the same reads
 * with no write before them. Sent with node:http (http-client.ts), not fetch, whose garbage paused
 * this process inside the rounds it timed.
 */
export async function runWriteThenReads(
  api: RunningApi,
  meta: DatasetMeta,
  // 120, not fewer: the p99 of n rounds is the worst round for n < 100, which measures one stall.
  iterations = 120,
  warmup = WARMUP_ROUNDS,
): Promise<WriteThenReads> {
  // From a quiet start: the network analysis that the sections before left running (after their
  // writes) would otherwise share the 2 cores with the first rounds. The row's own writes still
  // start it again once they pause (or 10 s after the first).
  await settled(api, 'before the write and its reads');
  const cookie = await api.login();
  const reads = dependentReads(meta);
  const readAll = async () => {
    await Promise.all(
      reads.map(async (path) => {
        const response = await send(api.url + path);
        if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
      }),
    );
  };
  const written: number[] = [];
  // Each timed round's write alone: where a slow round's time went (the log's slowest rounds).
  const writes: number[] = [];
  const alone: number[] = [];
  const ids: number[] = [];
  try {
    for (let i = 0; i < warmup + iterations; i++) {
      // The warm-up's writes start the network analysis (10 s after the first): let it end first.
      if (i === warmup) await settled(api, 'after the warm-up rounds');
      await readAll();
      let started = performance.now();
      await readAll();
      if (i >= warmup) alone.push(performance.now() - started);
      started = performance.now();
      ids.push(await sendRowWrite(api, cookie, meta, i));
      const wrote = performance.now() - started;
      await readAll();
      if (i >= warmup) {
        written.push(performance.now() - started);
        writes.push(wrote);
      }
    }
  } finally {
    for (const id of ids) {
      await fetch(`${api.url}${API_ROUTES.video(id)}`, { method: 'DELETE', headers: { cookie } });
    }
  }
  const figures: WriteThenReads = {
    iterations,
    p50Ms: percentile(written, 50),
    p99Ms: percentile(written, 99),
    readsAloneP50Ms: percentile(alone, 50),
    readsAloneP99Ms: percentile(alone, 99),
    reads,
  };
  const slowest = written
    .map((ms, i) => ({ ms, write: writes[i] as number }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 4)
    .map(({ ms, write }) => `${ms.toFixed(1)} (write ${write.toFixed(1)})`);
  log(
    `  write then ${reads.length} reads: p50 ${figures.p50Ms.toFixed(1)} ms, p90 ${percentile(written, 90).toFixed(1)} ms, ` +
      `p99 ${figures.p99Ms.toFixed(1)} ms (reads alone p99 ${figures.readsAloneP99Ms.toFixed(1)} ms; ` +
      `write alone p50 ${percentile(writes, 50).toFixed(1)} ms; slowest rounds ${slowest.join(', ')} ms)`,
  );
  return figures;
}

export interface ColdRead {
  name: string;
  path: string;
  /** The first read after a write, each round's (the median and the worst are reported). */
  roundsMs: number[];
  medianMs: number;
  maxMs: number;
  /**
   * Each round's time to the response's headers: the server's share. It sends them once the body is
   * ready, so the rest of `roundsMs` is the transfer and the client's decompression (for a large answer
   * most of the row: see docs/performance.md on the whole communities answer).
   */
  firstByteRoundsMs?: number[];
}

/** Every public answer a screen reads, once each (nothing rotates): what a write may leave cold. */
export function publicAnswers(meta: DatasetMeta): Read[] {
  const hub = meta.topCreator.id;
  const big = meta.bigCreator.id;
  return [
    ...readsFor(meta).filter((read) => read.kind !== 'admin' && !read.rotate),
    { name: 'leaderboard, last 7 days', path: INSIGHTS_ROUTES.leaderboard('week'), kind: 'visitor' },
    { name: "a creator's activity (hub)", path: NETWORK_ROUTES.activity(hub), kind: 'visitor' },
    {
      name: 'activity of every creator (analytics chart)',
      path: NETWORK_ROUTES.allActivity,
      kind: 'visitor',
    },
    { name: 'pair page (hub and the big creator)', path: NETWORK_ROUTES.pair(hub, big), kind: 'visitor' },
    {
      name: 'connection finder (hub to the big creator)',
      path: NETWORK_ROUTES.path(hub, big),
      kind: 'visitor',
    },
    { name: 'analytics (totals + first page of 50)', path: API_ROUTES.stats, kind: 'visitor' },
  ];
}

/** A cold row's time to the first byte, median and worst ('' for a result saved before it was measured). */
export function coldFirstByte(read: ColdRead): string {
  const rounds = read.firstByteRoundsMs;
  if (!rounds?.length) return '';
  return `median ${percentile(rounds, 50).toFixed(0)}, worst ${Math.max(...rounds).toFixed(0)} ms`;
}

/**
 * The first read of each public answer after a write that changes what it reads: an admin adds a dated
 * collaboration of the big creator and the hub, then the answer is read once (timed), and the video is
 * deleted again (untimed). `rounds` times per answer.
 */
export async function runColdAfterWrite(api: RunningApi, meta: DatasetMeta, rounds = 3): Promise<ColdRead[]> {
  const cookie = await api.login();
  const today = new Date().toISOString().slice(0, 10);
  const results: ColdRead[] = [];
  let n = 0;
  for (const read of publicAnswers(meta)) {
    const roundsMs: number[] = [];
    const firstByteRoundsMs: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const response = await fetch(`${api.url}${API_ROUTES.videos}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          title: `Bench cold read ${n}`,
          url: `https://www.youtube.com/watch?v=cr${String(n++).padStart(9, '0')}`,
          date: today,
          authorIds: [...new Set([meta.bigCreator.id, meta.topCreator.id])],
        }),
      });
      const body = await response.text();
      if (!response.ok) throw new Error(`POST /api/videos answered ${response.status}: ${body}`);
      const id = (JSON.parse(body) as { id: number }).id;
      const started = performance.now();
      const answer = await fetch(api.url + read.path);
      firstByteRoundsMs.push(performance.now() - started);
      await answer.arrayBuffer();
      roundsMs.push(performance.now() - started);
      if (!answer.ok) throw new Error(`GET ${read.path} answered ${answer.status}`);
      await fetch(`${api.url}${API_ROUTES.video(id)}`, { method: 'DELETE', headers: { cookie } });
    }
    const figures: ColdRead = {
      name: read.name,
      path: read.path,
      roundsMs,
      medianMs: percentile(roundsMs, 50),
      maxMs: Math.max(...roundsMs),
      firstByteRoundsMs,
    };
    log(
      `  cold after a write: ${read.path}: median ${figures.medianMs.toFixed(0)} ms, worst ${figures.maxMs.toFixed(0)} ms ` +
        `(first byte ${coldFirstByte(figures)})`,
    );
    results.push(figures);
  }
  return results;
}
