/**
 * The API figures: autocannon at 10 connections on loopback against each read endpoint and a write
 * mix, each beside the ceiling — a bare node:http process answering the same bytes from memory —
 * measured right after it in the same run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { DatasetMeta } from './generate';
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
  /** Bytes of one answer. */
  bytes: number;
  /** First request after start: the aggregate computed (not cached yet), in ms. */
  coldMs: number;
  api: LoadFigures;
  ceiling: LoadFigures;
  /** api requests/s ÷ ceiling requests/s. */
  ratio: number;
  note?: string;
}

export interface ApiSuiteOptions {
  connections: number;
  durationSeconds: number;
  /** Skip the ceiling runs (scaling runs). */
  ceiling: boolean;
  /** Run the write mix. */
  writes: boolean;
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

export async function runApiSuite(
  api: RunningApi,
  meta: DatasetMeta,
  options: ApiSuiteOptions,
): Promise<EndpointResult[]> {
  const reads = [
    { name: 'creators (with counts)', path: '/api/creators' },
    { name: 'leaderboard', path: '/api/leaderboard' },
    { name: 'analytics (/api/stats, totals + first page of 50)', path: '/api/stats' },
    {
      name: `profile (${meta.bigCreator.videoCount} videos)`,
      path: `/api/creators/${meta.bigCreator.id}/profile`,
    },
    { name: 'creators, first page of 24 + total', path: '/api/creators/compact?limit=24' },
    {
      name: `network, 1 hop (hub: ${meta.topCreator.videoCount} videos)`,
      path: `/api/creators/${meta.topCreator.id}/network?hops=1`,
    },
    { name: 'network, 2 hops (same hub)', path: `/api/creators/${meta.topCreator.id}/network?hops=2` },
    {
      name: 'search (the compact list the search view filters)',
      path: '/api/creators/compact',
      note: 'no server-side search: the UI filters the compact creators list in the browser, so this is that list',
    },
  ];
  const results: EndpointResult[] = [];
  for (const read of reads) {
    const started = performance.now();
    const response = await fetch(api.url + read.path);
    const body = Buffer.from(await response.arrayBuffer());
    const coldMs = performance.now() - started;
    if (!response.ok)
      throw new Error(`GET ${read.path} answered ${response.status}: ${body.toString().slice(0, 300)}`);
    const contentType = response.headers.get('content-type') ?? 'application/json';
    log(`  ${read.path}: ${body.length} bytes, cold ${coldMs.toFixed(0)} ms`);
    const apiResult = figures(
      await cannon({
        url: api.url + read.path,
        connections: options.connections,
        duration: options.durationSeconds,
      }),
    );
    let ceiling: LoadFigures = {
      requestsPerSecond: NaN,
      p50Ms: NaN,
      p99Ms: NaN,
      errors: 0,
      non2xx: 0,
      requests: 0,
    };
    if (options.ceiling) {
      const server = await startCeiling(body, contentType);
      try {
        ceiling = figures(
          await cannon({
            url: server.url + read.path,
            connections: options.connections,
            duration: options.durationSeconds,
          }),
        );
      } finally {
        server.stop();
      }
    }
    results.push({
      ...read,
      bytes: body.length,
      coldMs,
      api: apiResult,
      ceiling,
      ratio: apiResult.requestsPerSecond / ceiling.requestsPerSecond,
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
    bytes: sampleBody.length,
    coldMs: NaN,
    api: apiFigures,
    ceiling: ceilingFigures,
    ratio: apiFigures.requestsPerSecond / ceilingFigures.requestsPerSecond,
  };
}
