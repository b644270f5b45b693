/**
 * A mixed read/write load over keep-alive connections (undici Pool), one worker per connection, each
 * repeating what an admin and visitors do together: list creators, create a creator, read the
 * leaderboard, add a video by that creator and a standing one, read its profile and the analytics, and
 * delete some of the videos and creators again. Every write's answer is recorded, so that the database
 * can afterwards be compared with what the answers promised.
 */
import { API_ROUTES } from '@friends/shared';
import { Pool } from 'undici';

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  connections: number;
  durationMs: number;
  /** A creator every load video also credits (never deleted). */
  standingCreatorId: number;
  /** Called at each request's end (the fault runs watch statuses over time). */
  onResult?: (result: RequestResult) => void;
}

export interface RequestResult {
  kind: string;
  status: number; // 0 = no answer (connection error)
  ms: number;
  at: number;
  body?: unknown;
  error?: string;
}

export interface WriteLog {
  /** name → id of every creator whose POST answered 201. */
  createdCreators: Map<string, number>;
  /** names of creator POSTs that answered something else (their fate is unknown on a fault). */
  uncertainCreators: Set<string>;
  deletedCreators: Set<number>;
  /** video id → its author ids, for every POST that answered 201. */
  createdVideos: Map<number, number[]>;
  uncertainVideoTitles: Set<string>;
  deletedVideos: Set<number>;
  /** Ids whose DELETE answered neither 2xx nor was it certainly refused. */
  uncertainDeletes: Set<string>;
}

export interface LoadReport {
  requests: number;
  durationMs: number;
  byStatus: Record<string, number>;
  errors: number;
  fiveXx: number;
  non2xx: number;
  latency: { p50: number; p97_5: number; p99: number; max: number };
  requestsPerSecond: number;
  writes: WriteLog;
  samples: RequestResult[];
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;

export async function mixedLoad(options: LoadOptions): Promise<LoadReport> {
  const pool = new Pool(options.url, {
    connections: options.connections,
    pipelining: 1,
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
  });
  const writes: WriteLog = {
    createdCreators: new Map(),
    uncertainCreators: new Set(),
    deletedCreators: new Set(),
    createdVideos: new Map(),
    uncertainVideoTitles: new Set(),
    deletedVideos: new Set(),
    uncertainDeletes: new Set(),
  };
  const results: RequestResult[] = [];
  const started = Date.now();
  const stopAt = started + options.durationMs;

  async function call(kind: string, method: 'GET' | 'POST' | 'DELETE', path: string, body?: object) {
    const t0 = performance.now();
    const result: RequestResult = { kind, status: 0, ms: 0, at: Date.now() };
    try {
      const res = await pool.request({
        method,
        path,
        headers:
          method === 'GET'
            ? { 'accept-encoding': 'gzip' }
            : body
              ? options.headers
              : Object.fromEntries(Object.entries(options.headers).filter(([k]) => k !== 'content-type')),
        body: body ? JSON.stringify(body) : undefined,
      });
      result.status = res.statusCode;
      const text = await res.body.text();
      if (res.statusCode !== 200 || method !== 'GET') {
        try {
          result.body = JSON.parse(text) as unknown;
        } catch {
          result.body = text.slice(0, 200);
        }
      }
    } catch (error) {
      result.error = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    result.ms = performance.now() - t0;
    results.push(result);
    options.onResult?.(result);
    return result;
  }

  async function worker(w: number): Promise<void> {
    for (let i = 0; Date.now() < stopAt; i++) {
      const tag = `${w.toString(36).padStart(2, '0')}${i.toString(36).padStart(8, '0')}`;
      await call('list creators', 'GET', API_ROUTES.creators);
      const name = `Load ${tag}`;
      const created = await call('create creator', 'POST', API_ROUTES.creators, { name });
      const creatorId = created.status === 201 ? (created.body as { id: number }).id : undefined;
      if (creatorId) writes.createdCreators.set(name, creatorId);
      else writes.uncertainCreators.add(name);
      await call('leaderboard', 'GET', API_ROUTES.leaderboard);
      if (!creatorId) continue;
      const authorIds = [creatorId, options.standingCreatorId];
      const title = `Load video ${tag}`;
      const video = await call('create video', 'POST', API_ROUTES.videos, {
        title,
        url: `https://www.youtube.com/watch?v=L${tag}`,
        date: '2024-06-01',
        authorIds,
      });
      const videoId = video.status === 201 ? (video.body as { id: number }).id : undefined;
      if (videoId) writes.createdVideos.set(videoId, authorIds);
      else writes.uncertainVideoTitles.add(title);
      await call('profile', 'GET', API_ROUTES.creatorProfile(creatorId));
      await call('analytics', 'GET', API_ROUTES.stats);
      if (videoId && i % 2 === 0) {
        const res = await call('delete video', 'DELETE', API_ROUTES.video(videoId));
        if (res.status === 200) writes.deletedVideos.add(videoId);
        else writes.uncertainDeletes.add(`video ${videoId}`);
      }
      if (i % 3 === 0) {
        const res = await call('delete creator', 'DELETE', API_ROUTES.creator(creatorId));
        if (res.status === 200) writes.deletedCreators.add(creatorId);
        else writes.uncertainDeletes.add(`creator ${creatorId}`);
      }
    }
  }

  await Promise.all(Array.from({ length: options.connections }, (_, w) => worker(w)));
  const durationMs = Date.now() - started;
  await pool.close();

  const byStatus: Record<string, number> = {};
  for (const r of results) byStatus[r.status || 'error'] = (byStatus[r.status || 'error'] ?? 0) + 1;
  const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
  return {
    requests: results.length,
    durationMs,
    byStatus,
    errors: results.filter((r) => r.status === 0).length,
    fiveXx: results.filter((r) => r.status >= 500).length,
    non2xx: results.filter((r) => r.status < 200 || r.status >= 300).length,
    latency: {
      p50: percentile(sorted, 50),
      p97_5: percentile(sorted, 97.5),
      p99: percentile(sorted, 99),
      max: sorted[sorted.length - 1] ?? 0,
    },
    requestsPerSecond: (results.length / durationMs) * 1000,
    writes,
    samples: results.filter((r) => r.status === 0 || r.status >= 300).slice(0, 20),
  };
}
