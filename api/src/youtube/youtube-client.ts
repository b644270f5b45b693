/**
 * A small client over the YouTube Data API v3 and YouTube's oEmbed, on fetch, free of NestJS so it can be
 * tested against the fake on its own. docs/architecture.md "YouTube facts": channels are resolved with channels.list
 * (forHandle, forUsername, id) and search.list only as the last resort for legacy custom names; the uploads
 * playlist comes from contentDetails.relatedPlaylists.uploads; playlistItems are paged with nextPageToken;
 * a playlist item's date is contentDetails.videoPublishedAt and its uploader videoOwnerChannelTitle/Id;
 * deleted and private items are skipped; videos.list takes 50 ids per call.
 * Every call has a timeout and a bounded retry with backoff on 5xx, 429 and transient 403s.
 */
import {
  IMPORT_MAX_VIDEOS,
  IMPORT_PAGE_SIZE,
  parseYouTubeChannelUrl,
  toPlainText,
  youtubeHandleFromUrl,
  youtubeWatchUrl,
} from '@friends/shared';
import { chunk, mapWithConcurrency } from './concurrency';
import { errorFromResponse, errorReason, TRANSIENT_REASONS, YouTubeError } from './youtube-errors';

export const DEFAULT_YOUTUBE_API_BASE_URL = 'https://www.googleapis.com/youtube/v3';
export const DEFAULT_YOUTUBE_OEMBED_URL = 'https://www.youtube.com/oembed';

export interface YouTubeClientOptions {
  /** YOUTUBE_API_KEY; when missing every Data API call throws YouTubeError('keyMissing'). */
  apiKey?: string | null;
  baseUrl?: string;
  oembedUrl?: string;
  /** Per attempt (default 10 s). */
  timeoutMs?: number;
  /** Retries after the first attempt on 5xx / 429 / network errors (default 2). */
  retries?: number;
  /** First backoff delay; doubled each retry, with jitter (default 300 ms). */
  retryDelayMs?: number;
  /** videos.list batches in flight at once (default 4). */
  concurrency?: number;
  fetch?: typeof fetch;
}

export interface YouTubeChannel {
  id: string;
  title: string;
  /** The @handle without '@', percent-decoded; null when the channel shows none. */
  handle: string | null;
  description: string;
  /** The largest channel picture ('' when none). */
  photo: string;
  /** contentDetails.relatedPlaylists.uploads; null when YouTube gives none. */
  uploadsPlaylistId: string | null;
}

/** One importable item of a playlist (deleted and private items are left out). */
export interface PlaylistVideo {
  videoId: string;
  title: string;
  /** The video's own publication time (ISO), not when it was added to the playlist. */
  publishedAt: string;
  thumbnail: string;
  /** The uploader (videoOwnerChannelTitle), not the playlist owner. */
  channelTitle: string;
  channelId: string;
}

export interface VideoListing {
  kind: 'channel' | 'playlist';
  /** The channel's or the playlist owner's id. */
  sourceId: string;
  items: PlaylistVideo[];
  /** Items YouTube reports in total (pageInfo.totalResults), deleted ones included. */
  totalResults: number;
  /** True when the list stopped at the limit with more items left. */
  truncated: boolean;
}

export interface VideoDetails {
  id: string;
  title: string;
  description: string;
  channelId: string;
  channelTitle: string;
  /** ISO time ('' when unknown, as from oEmbed). */
  publishedAt: string;
  thumbnail: string;
  /** Where the answer came from: the Data API, or the oEmbed fallback (no description nor date). */
  source: 'api' | 'oembed';
  /** From oEmbed only: the uploader's channel URL, percent-decoded, and its handle. */
  channelUrl?: string;
  channelHandle?: string | null;
}

type Thumbnails = Partial<Record<'default' | 'medium' | 'high' | 'standard' | 'maxres', { url?: string }>>;

interface ChannelResource {
  id: string;
  snippet?: { title?: string; description?: string; customUrl?: string; thumbnails?: Thumbnails };
  contentDetails?: { relatedPlaylists?: { uploads?: string } };
}
interface ChannelListResponse {
  items?: ChannelResource[];
}
interface SearchListResponse {
  items?: {
    id?: { kind?: string; channelId?: string };
    snippet?: { title?: string; channelTitle?: string };
  }[];
}
interface PlaylistItemResource {
  snippet?: {
    title?: string;
    publishedAt?: string;
    thumbnails?: Thumbnails;
    resourceId?: { videoId?: string };
    videoOwnerChannelTitle?: string;
    videoOwnerChannelId?: string;
  };
  contentDetails?: { videoId?: string; videoPublishedAt?: string };
}
interface PlaylistItemListResponse {
  items?: PlaylistItemResource[];
  nextPageToken?: string;
  pageInfo?: { totalResults?: number };
}
interface VideoResource {
  id: string;
  snippet?: {
    title?: string;
    description?: string;
    channelId?: string;
    channelTitle?: string;
    publishedAt?: string;
    thumbnails?: Thumbnails;
  };
}
interface VideoListResponse {
  items?: VideoResource[];
}
interface OEmbedResponse {
  title?: string;
  author_name?: string;
  author_url?: string;
  thumbnail_url?: string;
}

const GONE_TITLES = new Set(['Deleted video', 'Private video']);

/** The best thumbnail for a list row (medium first) or for a profile photo (largest first). */
function pickThumbnail(t: Thumbnails | undefined, order: readonly (keyof Thumbnails)[]): string {
  for (const size of order) {
    const url = t?.[size]?.url;
    if (url) return url;
  }
  return '';
}
const LIST_THUMB = ['medium', 'high', 'default', 'standard', 'maxres'] as const;
const PHOTO_THUMB = ['high', 'medium', 'default'] as const;

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** search.list titles come HTML-escaped ('&#39;', '&amp;'). */
export function unescapeHtml(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class YouTubeClient {
  private readonly apiKey: string | null;
  private readonly baseUrl: string;
  private readonly oembedUrl: string;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly retryDelayMs: number;
  private readonly concurrency: number;
  private readonly fetchImpl: typeof fetch;

  constructor(opts: YouTubeClientOptions = {}) {
    this.apiKey = opts.apiKey?.trim() || null;
    this.baseUrl = (opts.baseUrl || DEFAULT_YOUTUBE_API_BASE_URL).replace(/\/+$/, '');
    this.oembedUrl = opts.oembedUrl || DEFAULT_YOUTUBE_OEMBED_URL;
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.retries = opts.retries ?? 2;
    this.retryDelayMs = opts.retryDelayMs ?? 300;
    this.concurrency = opts.concurrency ?? 4;
    this.fetchImpl = opts.fetch ?? fetch;
  }

  /** True when a key is configured (the Data API features can work). */
  get hasKey(): boolean {
    return this.apiKey !== null;
  }

  // ---------------------------------------------------------------- channels

  /**
   * The channel a URL names, in any form (@handle, /channel/UC…, /user/, /c/, youtube.com/<name>,
   * a bare '@handle' or UC id, or a video URL: its uploader). null when nothing matches;
   * YouTubeError('badRequest') when the text is not a YouTube channel URL at all.
   */
  async resolveChannel(url: string): Promise<YouTubeChannel | null> {
    this.requireKey();
    const target = parseYouTubeChannelUrl(url);
    if (!target || target.kind === 'playlist')
      throw new YouTubeError('badRequest', 'This is not a YouTube channel URL.');
    switch (target.kind) {
      case 'handle':
        return this.channelBy({ forHandle: `@${target.handle}` });
      case 'channelId':
        return this.channelBy({ id: target.id });
      case 'username':
        return (
          (await this.channelBy({ forUsername: target.username })) ??
          (await this.channelBy({ forHandle: `@${target.username}` }))
        );
      case 'custom':
        return (
          (await this.channelBy({ forHandle: `@${target.name}` })) ??
          (await this.channelBy({ forUsername: target.name })) ??
          (await this.searchChannel(target.name))
        );
      case 'video': {
        const [video] = await this.getVideos([target.id]);
        return video ? this.channelBy({ id: video.channelId }) : null;
      }
    }
  }

  /** The channel of an @handle (with or without '@'), from channels.list forHandle; null when none has it. */
  async channelForHandle(handle: string): Promise<YouTubeChannel | null> {
    this.requireKey();
    return this.channelBy({ forHandle: `@${handle.replace(/^@/, '')}` }, 'snippet');
  }

  /** Channels by id, 50 per call, in the order given (unknown ids left out). */
  async getChannels(ids: readonly string[]): Promise<YouTubeChannel[]> {
    return this.listByIds(ids, async (batch) => {
      const res = await this.get<ChannelListResponse>('channels', {
        part: 'snippet,contentDetails',
        id: batch.join(','),
        maxResults: String(IMPORT_PAGE_SIZE),
      });
      return (res.items ?? []).map(toChannel);
    });
  }

  /** Fetches ids 50 per call with bounded concurrency; answers in the order given, unknown ids left out. */
  private async listByIds<T extends { id: string }>(
    ids: readonly string[],
    fetchBatch: (batch: string[]) => Promise<T[]>,
  ): Promise<T[]> {
    this.requireKey();
    const unique = [...new Set(ids)];
    const pages = await mapWithConcurrency(chunk(unique, IMPORT_PAGE_SIZE), this.concurrency, fetchBatch);
    const byId = new Map(pages.flat().map((item) => [item.id, item]));
    return unique.map((id) => byId.get(id)).filter((item): item is T => !!item);
  }

  private async channelBy(
    filter: Record<string, string>,
    part = 'snippet,contentDetails',
  ): Promise<YouTubeChannel | null> {
    const res = await this.get<ChannelListResponse>('channels', {
      part,
      ...filter,
    });
    const first = res.items?.[0]; // no `items` key at all when nothing matches
    return first ? toChannel(first) : null;
  }

  /** The last resort for a legacy /c/ name: search.list (100 quota units), then channels.list by id. */
  private async searchChannel(name: string): Promise<YouTubeChannel | null> {
    const res = await this.get<SearchListResponse>('search', {
      part: 'snippet',
      type: 'channel',
      q: name,
      maxResults: '5',
    });
    const hits = (res.items ?? []).filter((i) => i.id?.channelId);
    const wanted = name.toLowerCase().replace(/[\s._-]/g, '');
    const exact = hits.find(
      (i) =>
        unescapeHtml(i.snippet?.title ?? '')
          .toLowerCase()
          .replace(/[\s._-]/g, '') === wanted,
    );
    const id = (exact ?? hits[0])?.id?.channelId;
    return id ? this.channelBy({ id }) : null;
  }

  // ---------------------------------------------------------------- playlists

  /**
   * The videos a channel or playlist URL names, newest first as YouTube lists them, paged up to `max`
   * (IMPORT_MAX_VIDEOS). A playlist `?list=` wins over a video id in the same URL. null when the channel
   * or playlist does not exist.
   */
  async listVideos(
    url: string,
    opts: { max?: number; onPage?: (loaded: number, total: number) => void } = {},
  ): Promise<VideoListing | null> {
    this.requireKey();
    const target = parseYouTubeChannelUrl(url);
    if (!target) throw new YouTubeError('badRequest', 'This is not a YouTube channel or playlist URL.');
    if (target.kind === 'playlist') {
      const page = await this.playlistItems(target.id, opts);
      return page && { kind: 'playlist', sourceId: target.id, ...page };
    }
    const channel = await this.resolveChannel(url);
    if (!channel?.uploadsPlaylistId) return null;
    const page = await this.playlistItems(channel.uploadsPlaylistId, opts);
    return page && { kind: 'channel', sourceId: channel.id, ...page };
  }

  /** Pages through a playlist with nextPageToken; null when the playlist does not exist. */
  async playlistItems(
    playlistId: string,
    opts: { max?: number; onPage?: (loaded: number, total: number) => void } = {},
  ): Promise<Omit<VideoListing, 'kind' | 'sourceId'> | null> {
    this.requireKey();
    const max = Math.max(0, Math.min(opts.max ?? IMPORT_MAX_VIDEOS, IMPORT_MAX_VIDEOS));
    const items: PlaylistVideo[] = [];
    const seen = new Set<string>();
    let pageToken: string | undefined;
    let totalResults = 0;
    let truncated = false;
    do {
      let res: PlaylistItemListResponse;
      try {
        res = await this.get<PlaylistItemListResponse>('playlistItems', {
          part: 'snippet,contentDetails',
          playlistId,
          maxResults: String(IMPORT_PAGE_SIZE),
          ...(pageToken && { pageToken }),
        });
      } catch (err) {
        if (err instanceof YouTubeError && err.code === 'notFound' && items.length === 0) return null;
        throw err;
      }
      totalResults = res.pageInfo?.totalResults ?? totalResults;
      for (const item of res.items ?? []) {
        const video = toPlaylistVideo(item);
        if (!video || seen.has(video.videoId)) continue;
        if (items.length >= max) {
          truncated = true;
          break;
        }
        seen.add(video.videoId);
        items.push(video);
      }
      pageToken = res.nextPageToken;
      opts.onPage?.(items.length, totalResults);
      if (items.length >= max && pageToken) truncated = true;
    } while (pageToken && !truncated);
    return { items, totalResults, truncated };
  }

  // ---------------------------------------------------------------- videos

  /** Video snippets, 50 ids per videos.list call with bounded concurrency; unknown/private ids left out. */
  async getVideos(ids: readonly string[]): Promise<VideoDetails[]> {
    return this.listByIds(ids, async (batch) => {
      const res = await this.get<VideoListResponse>('videos', {
        part: 'snippet',
        id: batch.join(','),
        maxResults: String(IMPORT_PAGE_SIZE),
      });
      return (res.items ?? []).map(toVideoDetails);
    });
  }

  /**
   * One video: videos.list, and oEmbed when there is no key or the Data API has nothing or fails (quota,
   * outage…); oEmbed needs no key, so Fetch Video Info works on a keyless server. null when neither
   * knows the video (or it is private). When the Data API fails and oEmbed cannot be asked either, the
   * Data API's error is thrown.
   */
  async getVideo(videoId: string): Promise<VideoDetails | null> {
    if (!this.hasKey) return this.getOEmbed(videoId);
    let apiError: unknown;
    try {
      const [video] = await this.getVideos([videoId]);
      if (video) return video;
    } catch (err) {
      apiError = err;
    }
    try {
      return await this.getOEmbed(videoId);
    } catch (err) {
      throw apiError ?? err;
    }
  }

  /** oEmbed (no key): title, uploader name and channel URL (percent-decoded). null for 401/404. */
  async getOEmbed(videoId: string): Promise<VideoDetails | null> {
    const url = `${this.oembedUrl}?url=${encodeURIComponent(youtubeWatchUrl(videoId))}&format=json`;
    const res = await this.send(url);
    if (res.status === 401 || res.status === 403 || res.status === 404) return null;
    if (!res.ok)
      throw new YouTubeError('upstream', `YouTube oEmbed answered with an error: HTTP ${res.status}`);
    const body = (await res.json()) as OEmbedResponse;
    const channelUrl = body.author_url ? decodeSafely(body.author_url) : '';
    return {
      id: videoId,
      title: line(body.title),
      description: '',
      channelId: '',
      channelTitle: line(body.author_name),
      publishedAt: '',
      thumbnail: body.thumbnail_url ?? '',
      source: 'oembed',
      channelUrl,
      channelHandle: channelUrl ? youtubeHandleFromUrl(channelUrl) : null,
    };
  }

  // ---------------------------------------------------------------- transport

  private requireKey(): string {
    if (!this.apiKey) throw new YouTubeError('keyMissing');
    return this.apiKey;
  }

  private async get<T>(endpoint: string, params: Record<string, string>): Promise<T> {
    const key = this.requireKey();
    const query = new URLSearchParams({ ...params, key });
    const res = await this.send(`${this.baseUrl}/${endpoint}?${query}`, true);
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) throw errorFromResponse(res.status, body);
    if (body === null || typeof body !== 'object')
      throw new YouTubeError('upstream', 'YouTube answered with something that is not JSON.');
    return body as T;
  }

  /**
   * fetch with a timeout per attempt and a bounded retry with exponential backoff on network errors,
   * timeouts, 5xx, 429 and transient 403s. The URL (which holds the key) never reaches an error message.
   */
  private async send(url: string, isDataApi = false): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      let res: Response | null;
      try {
        res = await this.fetchImpl(url, {
          signal: AbortSignal.timeout(this.timeoutMs),
          headers: { accept: 'application/json' },
        });
      } catch {
        res = null; // network error or timeout: retried below, then reported as unreachable
      }
      const retryable =
        res === null || res.status >= 500 || res.status === 429 || (isDataApi && (await isTransient403(res)));
      if (!retryable) return res!;
      if (attempt >= this.retries) {
        if (res === null) throw new YouTubeError('unreachable');
        return res;
      }
      await res?.body?.cancel().catch(() => undefined);
      await sleep(this.backoff(attempt, res));
    }
  }

  private backoff(attempt: number, res: Response | null): number {
    const retryAfter = Number(res?.headers.get('retry-after'));
    if (Number.isFinite(retryAfter) && retryAfter > 0) return Math.min(retryAfter * 1000, 5_000);
    const base = this.retryDelayMs * 2 ** attempt;
    return base / 2 + Math.random() * (base / 2);
  }
}

/** A 403 whose reason is a momentary rate limit (not quota, not key). Reads a clone, keeps the body. */
async function isTransient403(res: Response | null): Promise<boolean> {
  if (!res || res.status !== 403) return false;
  const body: unknown = await res
    .clone()
    .json()
    .catch(() => null);
  const reason = errorReason(body);
  return reason !== undefined && TRANSIENT_REASONS.has(reason);
}

/**
 * YouTube's text as our text fields take it (the shared plain-text rule, docs/architecture.md
 * "Security"): a title or name may hold control characters or bidi overrides, which an import must
 * not store; they are removed rather than the video refused.
 */
const line = (text: string | undefined): string => toPlainText(text ?? '');
const lines = (text: string | undefined): string => toPlainText(text ?? '', { multiline: true });

function toChannel(c: ChannelResource): YouTubeChannel {
  const custom = c.snippet?.customUrl ?? '';
  return {
    id: c.id,
    title: line(c.snippet?.title),
    handle: custom.startsWith('@') ? line(decodeSafely(custom.slice(1))) || null : null,
    description: lines(c.snippet?.description),
    photo: pickThumbnail(c.snippet?.thumbnails, PHOTO_THUMB),
    uploadsPlaylistId: c.contentDetails?.relatedPlaylists?.uploads ?? null,
  };
}

function toPlaylistVideo(item: PlaylistItemResource): PlaylistVideo | null {
  const s = item.snippet;
  const videoId = item.contentDetails?.videoId ?? s?.resourceId?.videoId;
  // Deleted and private items carry no owner fields (youtube-samples/playlistItems…with-deleted-video.json).
  if (!s || !videoId || !s.videoOwnerChannelId || GONE_TITLES.has(s.title ?? '')) return null;
  return {
    videoId,
    title: line(s.title),
    publishedAt: item.contentDetails?.videoPublishedAt ?? s.publishedAt ?? '',
    thumbnail: pickThumbnail(s.thumbnails, LIST_THUMB),
    channelTitle: line(s.videoOwnerChannelTitle),
    channelId: s.videoOwnerChannelId,
  };
}

function toVideoDetails(v: VideoResource): VideoDetails {
  const s = v.snippet;
  return {
    id: v.id,
    title: line(s?.title),
    description: lines(s?.description),
    channelId: s?.channelId ?? '',
    channelTitle: line(s?.channelTitle),
    publishedAt: s?.publishedAt ?? '',
    thumbnail: pickThumbnail(s?.thumbnails, LIST_THUMB),
    source: 'api',
  };
}
