/**
 * A local stand-in for the YouTube Data API v3, YouTube's oEmbed and Instagram's web profile endpoint,
 * answering with the real services' JSON shapes (see ../shared/youtube-samples/) over node:http, so no
 * test reaches the internet. Point YOUTUBE_API_BASE_URL at `url`, YOUTUBE_OEMBED_URL at `oembedUrl` and
 * INSTAGRAM_BASE_URL at `instagramUrl`.
 *
 * What it reproduces:
 * - channels.list by forHandle ('@x' or 'x'), forUsername or id (comma list); no match → no `items` key;
 *   no filter → 400 missingRequiredParameter.
 * - search.list (type=channel or video), titles HTML-escaped as search.list does.
 * - playlistItems.list, `maxResults` ≤ 50, paged with nextPageToken (absent on the last page) and pageInfo;
 *   'Deleted video' / 'Private video' items without videoOwnerChannelTitle/Id; contentDetails.videoPublishedAt;
 *   unknown playlist → 404 playlistNotFound.
 * - videos.list with up to 50 ids (more → 400); unknown or private ids are simply absent.
 * - The error envelope for a bad key (400 keyInvalid), an exhausted quota (403 quotaExceeded), a missing
 *   key (403) and unknown paths (404); injected 5xx/429 answers for retry tests.
 * - oEmbed with a percent-encoded author_url handle; 404 for unknown videos, 401 for private ones.
 * - Instagram's /api/v1/users/web_profile_info/?username= with full_name and profile_pic_url(_hd);
 *   404 for an unknown user and 429 for the user 'ratelimited'.
 * - Thumbnails and profile pictures are served by the fake itself (tiny SVGs), so a browser showing them
 *   stays offline.
 */
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { createFakeYouTubeData, FakeDataOptions, FakeVideo, FakeYouTubeData } from './fake-youtube-data';

export * from './fake-youtube-data';

export const FAKE_YOUTUBE_KEY = 'fake-youtube-key-0123456789';

export type FakeEndpoint =
  'channels' | 'search' | 'playlistItems' | 'videos' | 'oembed' | 'instagram' | 'image';

export interface FakeCall {
  endpoint: FakeEndpoint | 'unknown';
  path: string;
  params: Record<string, string>;
  status: number;
}

export interface FakeYouTubeOptions extends FakeDataOptions {
  /** The key the fake accepts (default FAKE_YOUTUBE_KEY); any other key answers 400 keyInvalid. */
  apiKey?: string;
  /** Delay before every answer, in ms (the benchmarks use 20). */
  latencyMs?: number;
  /** Start with the daily quota used up. */
  quotaExceeded?: boolean;
  port?: number;
}

export interface InjectedFailure {
  endpoint: FakeEndpoint;
  /** HTTP status to answer (503, 500, 429…). */
  status: number;
  /** How many of the next calls to that endpoint fail (default 1). */
  times?: number;
}

export interface FakeYouTube {
  /** Base of the Data API, e.g. http://127.0.0.1:1234/youtube/v3 */
  url: string;
  /** The oEmbed endpoint, e.g. http://127.0.0.1:1234/oembed */
  oembedUrl: string;
  /** Stands for https://www.instagram.com */
  instagramUrl: string;
  /** The key the fake accepts. */
  apiKey: string;
  /** Every request received, in order (the `key` parameter included, for leak checks). */
  calls: FakeCall[];
  /** The fictional world; tests may edit it (say, add a guest to a description before a rescan). */
  data: FakeYouTubeData;
  /** Highest number of requests the fake was answering at the same time. */
  maxInFlight(): number;
  setLatency(ms: number): void;
  setQuotaExceeded(on: boolean): void;
  injectFailure(failure: InjectedFailure): void;
  /** Drops injected failures not yet used. */
  clearFailures(): void;
  /** Forgets recorded calls and the in-flight peak. */
  resetCalls(): void;
  /** Finds a video; throws when the fixture has none (a broken test, not a broken product). */
  video(id: string): FakeVideo;
  close(): Promise<void>;
}

const PAGE_MAX = 50;

/** YouTube's error envelope ({ error: { code, message, errors: [{ message, domain, reason }] } }). */
function ytError(code: number, reason: string, domain: string, message: string, extra: object = {}) {
  return { error: { code, message, errors: [{ message, domain, reason, ...extra }] } };
}

const ERRORS = {
  keyInvalid: () => ({
    error: {
      code: 400,
      message: 'API key not valid. Please pass a valid API key.',
      errors: [
        {
          message: 'API key not valid. Please pass a valid API key.',
          domain: 'global',
          reason: 'badRequest',
        },
      ],
      status: 'INVALID_ARGUMENT',
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'API_KEY_INVALID',
          domain: 'googleapis.com',
          metadata: { service: 'youtube.googleapis.com' },
        },
      ],
    },
  }),
  // The older shape from youtube-samples/error_keyInvalid_400.json, answered for keys starting 'old-'.
  keyInvalidLegacy: () => ytError(400, 'keyInvalid', 'usageLimits', 'Bad Request'),
  keyMissing: () =>
    ytError(
      403,
      'forbidden',
      'global',
      "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
    ),
  quota: () =>
    ytError(
      403,
      'quotaExceeded',
      'youtube.quota',
      'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
    ),
  noFilter: () =>
    ytError(
      400,
      'missingRequiredParameter',
      'youtube.parameter',
      'No filter selected. Expected one of: forUsername, managedByMe, mySubscribers, id, mine, forHandle',
      { location: 'parameters.', locationType: 'other' },
    ),
  playlistNotFound: () =>
    ytError(
      404,
      'playlistNotFound',
      'youtube.playlistItem',
      "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.",
      { location: 'playlistId', locationType: 'parameter' },
    ),
  tooManyIds: () =>
    ytError(400, 'invalidValue', 'youtube.parameter', 'The request specifies an invalid filter parameter.', {
      location: 'id',
      locationType: 'parameter',
    }),
  notFound: () => ytError(404, 'notFound', 'global', 'Not Found'),
  injected: (status: number) =>
    status === 429
      ? ytError(429, 'rateLimitExceeded', 'youtube.quota', 'Too many requests.')
      : ytError(status, 'backendError', 'global', 'Backend Error'),
};

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function etag(seed: string): string {
  return Buffer.from(seed).toString('base64url').slice(0, 27).padEnd(27, 'x');
}

function videoThumbnails(base: string, id: string) {
  const t = (file: string, width: number, height: number) => ({
    url: `${base}/img/vi/${id}/${file}.jpg`,
    width,
    height,
  });
  return { default: t('default', 120, 90), medium: t('mqdefault', 320, 180), high: t('hqdefault', 480, 360) };
}

function channelThumbnails(base: string, id: string) {
  const t = (size: number) => ({ url: `${base}/img/ch/${id}/s${size}.jpg`, width: size, height: size });
  return { default: t(88), medium: t(240), high: t(800) };
}

function tinySvg(label: string): string {
  const hue = [...label].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="hsl(${hue},60%,60%)"/></svg>`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The API's environment that points every YouTube and Instagram call at `fake`. */
export const fakeYouTubeEnv = (fake: FakeYouTube): Record<string, string> => ({
  YOUTUBE_API_KEY: fake.apiKey,
  YOUTUBE_API_BASE_URL: fake.url,
  YOUTUBE_OEMBED_URL: fake.oembedUrl,
  INSTAGRAM_BASE_URL: fake.instagramUrl,
});

export async function startFakeYouTube(opts: FakeYouTubeOptions = {}): Promise<FakeYouTube> {
  const apiKey = opts.apiKey ?? FAKE_YOUTUBE_KEY;
  const data = createFakeYouTubeData(opts);
  const calls: FakeCall[] = [];
  const failures: Required<InjectedFailure>[] = [];
  let latencyMs = opts.latencyMs ?? 0;
  let quotaExceeded = opts.quotaExceeded ?? false;
  let inFlight = 0;
  let peak = 0;
  let base = '';

  const channelById = (id: string) => data.channels.find((c) => c.id === id);
  const videoById = (id: string) => data.videos.find((v) => v.id === id);

  function channelResource(id: string, parts: Set<string>) {
    const c = channelById(id);
    if (!c) return null;
    const uploads = data.videos.filter((v) => v.channelId === c.id && v.privacy !== 'private').length;
    return {
      kind: 'youtube#channel',
      etag: etag(`ch${c.id}`),
      id: c.id,
      ...(parts.has('snippet') && {
        snippet: {
          title: c.title,
          description: c.description,
          customUrl: `@${c.handle.toLowerCase()}`,
          publishedAt: c.publishedAt,
          thumbnails: channelThumbnails(base, c.id),
          localized: { title: c.title, description: c.description },
        },
      }),
      ...(parts.has('contentDetails') && {
        contentDetails: { relatedPlaylists: { likes: '', uploads: c.uploadsPlaylistId } },
      }),
      ...(parts.has('statistics') && {
        statistics: {
          viewCount: '12345',
          subscriberCount: '678',
          hiddenSubscriberCount: false,
          videoCount: String(uploads),
        },
      }),
    };
  }

  function videoResource(v: FakeVideo, parts: Set<string>) {
    const c = channelById(v.channelId);
    return {
      kind: 'youtube#video',
      etag: etag(`v${v.id}`),
      id: v.id,
      ...(parts.has('snippet') && {
        snippet: {
          publishedAt: v.publishedAt,
          channelId: v.channelId,
          title: v.title,
          description: v.description,
          thumbnails: videoThumbnails(base, v.id),
          channelTitle: c?.title ?? '',
          categoryId: '22',
          liveBroadcastContent: 'none',
          localized: { title: v.title, description: v.description },
        },
      }),
      ...(parts.has('contentDetails') && {
        contentDetails: {
          duration: 'PT8M12S',
          dimension: '2d',
          definition: 'hd',
          caption: 'false',
          licensedContent: false,
        },
      }),
      ...(parts.has('statistics') && {
        statistics: { viewCount: '1000', likeCount: '50', favoriteCount: '0', commentCount: '7' },
      }),
    };
  }

  type Answer = { status: number; body: unknown; type?: string };

  function channelsList(q: URLSearchParams): Answer {
    const parts = new Set((q.get('part') ?? '').split(','));
    let ids: string[];
    if (q.has('forHandle')) {
      const wanted = decodeURIComponent(q.get('forHandle')!).replace(/^@/, '').toLowerCase();
      ids = data.channels.filter((c) => c.handle.toLowerCase() === wanted).map((c) => c.id);
    } else if (q.has('forUsername')) {
      const wanted = q.get('forUsername')!.toLowerCase();
      ids = data.channels.filter((c) => c.username?.toLowerCase() === wanted).map((c) => c.id);
    } else if (q.has('id')) {
      ids = q
        .get('id')!
        .split(',')
        .filter((id) => channelById(id));
    } else {
      return { status: 400, body: ERRORS.noFilter() };
    }
    const items = ids.map((id) => channelResource(id, parts));
    const body: Record<string, unknown> = {
      kind: 'youtube#channelListResponse',
      etag: etag(`cl${ids.join()}`),
      pageInfo: { totalResults: items.length, resultsPerPage: 5 },
    };
    if (items.length) body.items = items; // the real API omits `items` when nothing matches
    return { status: 200, body };
  }

  function searchList(q: URLSearchParams): Answer {
    const term = (q.get('q') ?? '').toLowerCase().trim();
    const type = q.get('type') ?? 'video,channel,playlist';
    const max = Math.min(Number(q.get('maxResults') ?? 5) || 5, PAGE_MAX);
    const items: object[] = [];
    if (type.includes('channel')) {
      for (const c of data.channels) {
        const hay = `${c.title} ${c.handle} ${c.username ?? ''}`.toLowerCase();
        if (term && hay.includes(term))
          items.push({
            kind: 'youtube#searchResult',
            etag: etag(`s${c.id}`),
            id: { kind: 'youtube#channel', channelId: c.id },
            snippet: {
              publishedAt: c.publishedAt,
              channelId: c.id,
              title: escapeHtml(c.title),
              description: escapeHtml(c.description),
              thumbnails: channelThumbnails(base, c.id),
              channelTitle: escapeHtml(c.title),
              liveBroadcastContent: 'none',
              publishTime: c.publishedAt,
            },
          });
      }
    }
    if (type.includes('video')) {
      for (const v of data.videos) {
        if (v.privacy === 'private' || !term || !v.title.toLowerCase().includes(term)) continue;
        items.push({
          kind: 'youtube#searchResult',
          etag: etag(`s${v.id}`),
          id: { kind: 'youtube#video', videoId: v.id },
          snippet: {
            publishedAt: v.publishedAt,
            channelId: v.channelId,
            title: escapeHtml(v.title),
            description: escapeHtml(v.description.slice(0, 160)),
            thumbnails: videoThumbnails(base, v.id),
            channelTitle: escapeHtml(channelById(v.channelId)?.title ?? ''),
            liveBroadcastContent: 'none',
            publishTime: v.publishedAt,
          },
        });
      }
    }
    return {
      status: 200,
      body: {
        kind: 'youtube#searchListResponse',
        etag: etag(`search${term}`),
        regionCode: 'US',
        pageInfo: { totalResults: items.length, resultsPerPage: max },
        items: items.slice(0, max),
      },
    };
  }

  function playlistItemsList(q: URLSearchParams): Answer {
    const playlist = data.playlists.find((p) => p.id === q.get('playlistId'));
    if (!playlist) return { status: 404, body: ERRORS.playlistNotFound() };
    const parts = new Set((q.get('part') ?? '').split(','));
    const max = Math.max(0, Math.min(Number(q.get('maxResults') ?? 5), PAGE_MAX));
    const token = q.get('pageToken');
    const start = token ? Number(Buffer.from(token, 'base64url').toString().replace('offset:', '')) : 0;
    if (!Number.isInteger(start) || start < 0)
      return {
        status: 400,
        body: ytError(
          400,
          'invalidPageToken',
          'youtube.parameter',
          'The request specifies an invalid page token.',
        ),
      };
    const owner = channelById(playlist.ownerChannelId);
    const page = playlist.entries.slice(start, start + max);
    const items = page.map((entry, i) => {
      const v = videoById(entry.videoId);
      const gone = entry.gone ?? (v ? undefined : 'deleted');
      const uploader = v && !gone ? channelById(v.channelId) : undefined;
      return {
        kind: 'youtube#playlistItem',
        etag: etag(`pi${playlist.id}${entry.videoId}`),
        id: Buffer.from(`${playlist.id}.${entry.videoId}`).toString('base64'),
        ...(parts.has('snippet') && {
          snippet: {
            publishedAt: entry.addedAt,
            channelId: playlist.ownerChannelId,
            title: gone === 'deleted' ? 'Deleted video' : gone === 'private' ? 'Private video' : v!.title,
            description:
              gone === 'deleted'
                ? 'This video is unavailable.'
                : gone === 'private'
                  ? 'This video is private.'
                  : v!.description,
            thumbnails: gone ? {} : videoThumbnails(base, v!.id),
            channelTitle: owner?.title ?? '',
            playlistId: playlist.id,
            position: start + i,
            resourceId: { kind: 'youtube#video', videoId: entry.videoId },
            ...(uploader && { videoOwnerChannelTitle: uploader.title, videoOwnerChannelId: uploader.id }),
          },
        }),
        ...(parts.has('contentDetails') && {
          contentDetails: { videoId: entry.videoId, ...(!gone && v && { videoPublishedAt: v.publishedAt }) },
        }),
        ...(parts.has('status') && { status: { privacyStatus: gone === 'private' ? 'private' : 'public' } }),
      };
    });
    const next =
      start + max < playlist.entries.length
        ? Buffer.from(`offset:${start + max}`).toString('base64url')
        : null;
    const prev = start > 0 ? Buffer.from(`offset:${Math.max(0, start - max)}`).toString('base64url') : null;
    return {
      status: 200,
      body: {
        kind: 'youtube#playlistItemListResponse',
        etag: etag(`pl${playlist.id}${start}`),
        ...(next && { nextPageToken: next }),
        ...(prev && { prevPageToken: prev }),
        items,
        pageInfo: { totalResults: playlist.entries.length, resultsPerPage: max },
      },
    };
  }

  function videosList(q: URLSearchParams): Answer {
    const ids = (q.get('id') ?? '').split(',').filter(Boolean);
    if (ids.length > PAGE_MAX) return { status: 400, body: ERRORS.tooManyIds() };
    if (!ids.length) return { status: 400, body: ERRORS.noFilter() };
    const parts = new Set((q.get('part') ?? '').split(','));
    const items = ids
      .map((id) => videoById(id))
      .filter((v): v is FakeVideo => !!v && v.privacy !== 'private')
      .map((v) => videoResource(v, parts));
    return {
      status: 200,
      body: {
        kind: 'youtube#videoListResponse',
        etag: etag(`vl${ids.join()}`),
        items,
        pageInfo: { totalResults: items.length, resultsPerPage: items.length },
      },
    };
  }

  function oembed(q: URLSearchParams): Answer {
    const target = q.get('url') ?? '';
    const m = /(?:v=|youtu\.be\/|embed\/|shorts\/)([A-Za-z0-9_-]{11})/.exec(target);
    const v = m ? videoById(m[1]!) : undefined;
    if (!v) return { status: 404, body: 'Not Found', type: 'text/html; charset=utf-8' };
    if (v.privacy === 'private')
      return { status: 401, body: 'Unauthorized', type: 'text/html; charset=utf-8' };
    const c = channelById(v.channelId)!;
    const html = `<iframe width="200" height="113" src="https://www.youtube.com/embed/${v.id}?feature=oembed" frameborder="0" allowfullscreen title="${escapeHtml(v.title)}"></iframe>`;
    return {
      status: 200,
      body: {
        title: v.title,
        author_name: c.title,
        author_url: `https://www.youtube.com/@${encodeURIComponent(c.handle)}`,
        type: 'video',
        height: 113,
        width: 200,
        version: '1.0',
        provider_name: 'YouTube',
        provider_url: 'https://www.youtube.com/',
        thumbnail_height: 360,
        thumbnail_width: 480,
        thumbnail_url: `${base}/img/vi/${v.id}/hqdefault.jpg`,
        html,
      },
    };
  }

  function instagram(q: URLSearchParams): Answer {
    const username = (q.get('username') ?? '').toLowerCase();
    if (username === 'ratelimited')
      return {
        status: 429,
        body: {
          message: 'Please wait a few minutes before you try again.',
          require_login: true,
          status: 'fail',
        },
      };
    const user = data.instagram.find((u) => u.username === username);
    if (!user) return { status: 404, body: { message: 'User not found', status: 'fail' } };
    const pic = `${base}/img/ig/${user.username}.jpg`;
    return {
      status: 200,
      body: {
        data: {
          user: {
            biography: '',
            full_name: user.fullName,
            id: etag(user.username).replace(/\D/g, '1').slice(0, 11),
            is_private: false,
            is_verified: false,
            profile_pic_url: `${pic}?s=150`,
            profile_pic_url_hd: `${pic}?s=320`,
            username: user.username,
          },
        },
        status: 'ok',
      },
    };
  }

  function route(
    path: string,
    q: URLSearchParams,
  ): { endpoint: FakeEndpoint | 'unknown'; answer: () => Answer } {
    const api = (endpoint: FakeEndpoint, handler: (q: URLSearchParams) => Answer) => ({
      endpoint,
      answer: (): Answer => {
        const key = q.get('key');
        if (!key) return { status: 403, body: ERRORS.keyMissing() };
        if (key !== apiKey)
          return {
            status: 400,
            body: key.startsWith('old-') ? ERRORS.keyInvalidLegacy() : ERRORS.keyInvalid(),
          };
        if (quotaExceeded) return { status: 403, body: ERRORS.quota() };
        return handler(q);
      },
    });
    switch (path) {
      case '/youtube/v3/channels':
        return api('channels', channelsList);
      case '/youtube/v3/search':
        return api('search', searchList);
      case '/youtube/v3/playlistItems':
        return api('playlistItems', playlistItemsList);
      case '/youtube/v3/videos':
        return api('videos', videosList);
      case '/oembed':
        return { endpoint: 'oembed', answer: () => oembed(q) };
      case '/instagram/api/v1/users/web_profile_info/':
      case '/instagram/api/v1/users/web_profile_info':
        return { endpoint: 'instagram', answer: () => instagram(q) };
    }
    if (path.startsWith('/img/'))
      return {
        endpoint: 'image',
        answer: () => ({ status: 200, body: tinySvg(path), type: 'image/svg+xml' }),
      };
    return { endpoint: 'unknown', answer: () => ({ status: 404, body: ERRORS.notFound() }) };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    inFlight += 1;
    peak = Math.max(peak, inFlight);
    try {
      const url = new URL(req.url ?? '/', 'http://fake');
      const { endpoint, answer } = route(url.pathname, url.searchParams);
      if (latencyMs > 0) await sleep(latencyMs);
      const failure = failures.find((f) => f.endpoint === endpoint && f.times > 0);
      let result: Answer;
      if (failure) {
        failure.times -= 1;
        result = { status: failure.status, body: ERRORS.injected(failure.status) };
      } else if (req.method !== 'GET') {
        result = { status: 405, body: ytError(405, 'methodNotAllowed', 'global', 'Method Not Allowed') };
      } else {
        result = answer();
      }
      calls.push({
        endpoint,
        path: url.pathname,
        params: Object.fromEntries(url.searchParams),
        status: result.status,
      });
      const text = typeof result.body === 'string' ? result.body : JSON.stringify(result.body);
      res.writeHead(result.status, {
        'content-type': result.type ?? 'application/json; charset=UTF-8',
        ...(result.status === 429 && { 'retry-after': '0' }),
      });
      res.end(text);
    } catch (err) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(err));
    } finally {
      inFlight -= 1;
    }
  }

  const server = createServer((req, res) => void handle(req, res));
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: `${base}/youtube/v3`,
    oembedUrl: `${base}/oembed`,
    instagramUrl: `${base}/instagram`,
    apiKey,
    calls,
    data,
    maxInFlight: () => peak,
    setLatency: (ms) => {
      latencyMs = ms;
    },
    setQuotaExceeded: (on) => {
      quotaExceeded = on;
    },
    injectFailure: (f) => {
      failures.push({ times: 1, ...f });
    },
    clearFailures: () => {
      failures.length = 0;
    },
    resetCalls: () => {
      calls.length = 0;
      peak = inFlight;
    },
    video: (id) => {
      const v = videoById(id);
      if (!v) throw new Error(`the fake has no video ${id}`);
      return v;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
