/**
 * Bulk import as the admin screen does it: preview the bench channel's uploads (POST
 * /api/youtube/playlist), then import the first N in chunks of IMPORT_CHUNK_SIZE, one request after
 * another, from the API's test fake of YouTube answering every call 20 ms late. The baseline is the
 * seed app's sequential calls: the channel lookup, one playlist page per 50, and one videos.list call per
 * video, each waiting 20 ms.
 */
import {
  IMPORT_CHUNK_SIZE,
  IMPORT_PAGE_SIZE,
  type ImportResult,
  type PlaylistPreview,
} from '@friends/shared';
import {
  BENCH_CHANNEL_HANDLE,
  startFakeYouTube,
  type FakeYouTube,
} from '../../api/test/support/fake-youtube';
import type { RunningApi } from './server';

export const FAKE_LATENCY_MS = 20;

export interface ImportFigures {
  videos: number;
  ms: number;
  imported: number;
  duplicates: number;
  failed: number;
  /** Calls the API made to the fake. */
  youtubeCalls: number;
  /** The seed app's sequential estimate: (1 + pages + videos) × 20 ms. */
  sequentialEstimateMs: number;
  ratio: number;
}

export async function startFake(): Promise<FakeYouTube> {
  return startFakeYouTube({ latencyMs: FAKE_LATENCY_MS });
}

export function youtubeEnv(fake: FakeYouTube): Record<string, string> {
  return {
    YOUTUBE_API_KEY: fake.apiKey,
    YOUTUBE_API_BASE_URL: fake.url,
    YOUTUBE_OEMBED_URL: fake.oembedUrl,
    INSTAGRAM_BASE_URL: fake.instagramUrl,
  };
}

export async function runImport(api: RunningApi, fake: FakeYouTube, count: number): Promise<ImportFigures> {
  const cookie = await api.login();
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await fetch(api.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  };
  fake.resetCalls();
  const started = performance.now();
  const preview = await post<PlaylistPreview>('/api/youtube/playlist', {
    url: `https://www.youtube.com/@${BENCH_CHANNEL_HANDLE}`,
  });
  const ids = preview.items.slice(0, count).map((item) => item.id);
  if (ids.length < count) throw new Error(`the preview listed ${ids.length} videos, ${count} wanted`);
  let imported = 0;
  let duplicates = 0;
  let failed = 0;
  for (let i = 0; i < ids.length; i += IMPORT_CHUNK_SIZE) {
    const result = await post<ImportResult>('/api/youtube/import', {
      items: ids.slice(i, i + IMPORT_CHUNK_SIZE).map((id) => ({ id })),
    });
    imported += result.imported;
    duplicates += result.duplicates;
    failed += result.failed;
  }
  const ms = performance.now() - started;
  const sequentialEstimateMs = (1 + Math.ceil(count / IMPORT_PAGE_SIZE) + count) * FAKE_LATENCY_MS;
  return {
    videos: count,
    ms,
    imported,
    duplicates,
    failed,
    youtubeCalls: fake.calls.length,
    sequentialEstimateMs,
    ratio: ms / sequentialEstimateMs,
  };
}
