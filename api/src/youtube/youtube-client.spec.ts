import { IMPORT_MAX_VIDEOS, MESSAGES } from '@friends/shared';
import {
  BENCH_CHANNEL_HANDLE,
  CURATED_PLAYLIST_ID,
  EXPECTED,
  FakeYouTube,
  MAIN_CHANNEL_HANDLE,
  MAIN_CHANNEL_ID,
  PERCENT_ENCODED_HANDLE,
  PRIVATE_VIDEO_ID,
  startFakeYouTube,
  UNKNOWN_VIDEO_ID,
} from '../../test/support/fake-youtube';
import { InstagramClient, normaliseInstagramUsername } from '../instagram/instagram-client';
import { unescapeHtml, YouTubeClient, YouTubeClientOptions } from './youtube-client';
import { YouTubeError } from './youtube-errors';

let fake: FakeYouTube;

beforeAll(async () => {
  fake = await startFakeYouTube();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.resetCalls();
  fake.setLatency(0);
  fake.setQuotaExceeded(false);
  fake.clearFailures();
});

const client = (opts: YouTubeClientOptions = {}) =>
  new YouTubeClient({
    apiKey: fake.apiKey,
    baseUrl: fake.url,
    oembedUrl: fake.oembedUrl,
    retryDelayMs: 1,
    ...opts,
  });

async function failure(promise: Promise<unknown>): Promise<YouTubeError> {
  const err = await promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(YouTubeError);
  return err as YouTubeError;
}

describe('resolveChannel', () => {
  it.each([
    ['an @handle URL', `https://www.youtube.com/@${MAIN_CHANNEL_HANDLE}`, 'forHandle'],
    ['a bare @handle', `@${MAIN_CHANNEL_HANDLE}`, 'forHandle'],
    ['a /channel/UC… URL', `https://www.youtube.com/channel/${MAIN_CHANNEL_ID}`, 'id'],
    ['a /user/ URL', 'https://www.youtube.com/user/JuniperLaneVideos', 'forUsername'],
    ['a /c/ URL that is also a handle', `https://www.youtube.com/c/${MAIN_CHANNEL_HANDLE}`, 'forHandle'],
  ])('finds the channel from %s with channels.list', async (_label, url, filter) => {
    const channel = await client().resolveChannel(url);
    expect(channel).toMatchObject({
      id: MAIN_CHANNEL_ID,
      title: EXPECTED.mainCreator,
      handle: MAIN_CHANNEL_HANDLE,
      uploadsPlaylistId: `UU${MAIN_CHANNEL_ID.slice(2)}`,
    });
    expect(channel!.photo).toMatch(/s800/);
    expect(fake.calls.some((c) => c.endpoint === 'channels' && filter in c.params)).toBe(true);
    expect(fake.calls.some((c) => c.endpoint === 'search')).toBe(false);
  });

  it('uses search.list only as the last resort for a legacy custom name', async () => {
    const channel = await client().resolveChannel('https://www.youtube.com/c/Juniper Lane');
    expect(channel?.id).toBe(MAIN_CHANNEL_ID);
    expect(fake.calls.map((c) => c.endpoint)).toEqual(['channels', 'channels', 'search', 'channels']);
  });

  it('finds the uploader of a video URL', async () => {
    const channel = await client().resolveChannel(`https://youtu.be/${fake.data.videos[0]!.id}`);
    expect(channel?.id).toBe(MAIN_CHANNEL_ID);
  });

  it('reads a handle with non-ASCII letters', async () => {
    const channel = await client().resolveChannel(
      `https://www.youtube.com/@${encodeURIComponent(PERCENT_ENCODED_HANDLE)}`,
    );
    expect(channel?.title).toBe('Åsa Lindqvård');
  });

  it('answers null when channels.list has no items key', async () => {
    expect(await client().resolveChannel('https://www.youtube.com/@nobody-here')).toBeNull();
  });

  it('refuses a URL that names no channel', async () => {
    expect((await failure(client().resolveChannel('https://example.com/x'))).code).toBe('badRequest');
  });
});

describe('listVideos', () => {
  it('pages a 60-video channel with nextPageToken, 50 at a time, keeping the video dates', async () => {
    const listing = await client().listVideos(`https://www.youtube.com/@${MAIN_CHANNEL_HANDLE}`);
    expect(listing).toMatchObject({
      kind: 'channel',
      sourceId: MAIN_CHANNEL_ID,
      truncated: false,
      totalResults: 60,
    });
    expect(listing!.items).toHaveLength(EXPECTED.videoCount);
    const pages = fake.calls.filter((c) => c.endpoint === 'playlistItems');
    expect(pages.map((c) => c.params.maxResults)).toEqual(['50', '50']);
    expect(pages[0]!.params.pageToken).toBeUndefined();
    expect(pages[1]!.params.pageToken).toBeTruthy();
    const first = listing!.items.find((i) => i.title === 'Baking sourdough w/ OttoBrambleworth')!;
    expect(first).toMatchObject({
      channelTitle: 'Juniper Lane',
      channelId: MAIN_CHANNEL_ID,
      publishedAt: '2024-01-05T15:30:00Z',
    });
    expect(first.thumbnail).toContain('/mqdefault.jpg');
  });

  it('skips deleted and private items, and takes the uploader and video date over the playlist owner and added date', async () => {
    const listing = await client().listVideos(`https://www.youtube.com/playlist?list=${CURATED_PLAYLIST_ID}`);
    expect(listing?.kind).toBe('playlist');
    expect(listing!.items.map((i) => i.channelTitle)).toEqual([
      'Juniper Lane',
      'Åsa Lindqvård',
      'Otto Brambleworth',
    ]);
    expect(listing!.items.map((i) => i.videoId)).not.toContain(PRIVATE_VIDEO_ID);
    expect(listing!.items[0]!.publishedAt).toBe('2024-01-05T15:30:00Z');
    expect(listing!.totalResults).toBe(5);
  });

  it(`stops at ${IMPORT_MAX_VIDEOS} videos and says the list was cut`, async () => {
    const pages: number[] = [];
    const listing = await client().listVideos(`https://www.youtube.com/@${BENCH_CHANNEL_HANDLE}`, {
      onPage: (loaded) => pages.push(loaded),
    });
    expect(listing!.items).toHaveLength(IMPORT_MAX_VIDEOS);
    expect(listing!.truncated).toBe(true);
    expect(pages).toEqual([50, 100, 150, 200, 250, 300, 350, 400, 450, 500]);
    expect(new Set(listing!.items.map((i) => i.videoId)).size).toBe(IMPORT_MAX_VIDEOS);
  });

  it('answers null for an unknown playlist (404 playlistNotFound)', async () => {
    expect(await client().listVideos('https://www.youtube.com/playlist?list=PLnothing')).toBeNull();
  });
});

describe('getVideos / getVideo', () => {
  it('asks videos.list 50 ids at a time, with bounded concurrency', async () => {
    fake.setLatency(20);
    const ids = fake.data.videos
      .filter((v) => v.id.startsWith('BNv'))
      .slice(0, 500)
      .map((v) => v.id);
    const videos = await client({ concurrency: 3 }).getVideos(ids);
    expect(videos.map((v) => v.id)).toEqual(ids);
    const calls = fake.calls.filter((c) => c.endpoint === 'videos');
    expect(calls).toHaveLength(10);
    expect(calls.every((c) => c.params.id!.split(',').length === 50)).toBe(true);
    expect(fake.maxInFlight()).toBeGreaterThan(1);
    expect(fake.maxInFlight()).toBeLessThanOrEqual(3);
  });

  it('gives the snippet fields', async () => {
    const id = fake.data.videos[5]!.id;
    const video = await client().getVideo(id);
    expect(video).toMatchObject({
      id,
      title: 'Dinner party',
      channelId: MAIN_CHANNEL_ID,
      channelTitle: 'Juniper Lane',
      publishedAt: '2024-02-09T15:30:00Z',
      source: 'api',
    });
    expect(video!.description).toContain('Guests:\nRosa Delacroix');
  });

  it('falls back to oEmbed when the quota is used up, decoding a percent-encoded author_url', async () => {
    const asaVideo = fake.data.videos.find((v) => v.id.startsWith('ALv'))!;
    fake.setQuotaExceeded(true);
    const video = await client().getVideo(asaVideo.id);
    expect(video).toMatchObject({
      source: 'oembed',
      title: asaVideo.title,
      channelTitle: 'Åsa Lindqvård',
      channelUrl: 'https://www.youtube.com/@ÅsaLindqvård',
      channelHandle: 'ÅsaLindqvård',
    });
  });

  it('answers null for an unknown or private video', async () => {
    expect(await client().getVideo(UNKNOWN_VIDEO_ID)).toBeNull();
    expect(await client().getVideo(PRIVATE_VIDEO_ID)).toBeNull();
    expect(fake.calls.filter((c) => c.endpoint === 'oembed').map((c) => c.status)).toEqual([404, 401]);
  });

  it('asks oEmbed alone when there is no key', async () => {
    const id = fake.data.videos[5]!.id;
    const video = await client({ apiKey: '' }).getVideo(id);
    expect(video).toMatchObject({ id, title: fake.data.videos[5]!.title, source: 'oembed' });
    expect(fake.calls.map((c) => c.endpoint)).toEqual(['oembed']);
  });

  it('trusts oEmbed when the Data API fails, and throws the Data API error when oEmbed cannot answer either', async () => {
    fake.setQuotaExceeded(true);
    expect(await client().getVideo(UNKNOWN_VIDEO_ID)).toBeNull();
    const noOEmbed = client({ oembedUrl: 'http://127.0.0.1:9/oembed', retries: 0 });
    expect((await failure(noOEmbed.getVideo(fake.data.videos[0]!.id))).code).toBe('quotaExceeded');
  });
});

describe('errors in plain words', () => {
  it('reports a missing key without calling YouTube', async () => {
    const err = await failure(client({ apiKey: '' }).listVideos(`@${MAIN_CHANNEL_HANDLE}`));
    expect(err).toMatchObject({ code: 'keyMissing', message: MESSAGES.youtubeKeyMissing, status: 503 });
    expect(fake.calls).toHaveLength(0);
  });

  it.each([['a current-style'], ['an older-style']])(
    'reports an invalid key (%s 400 body) and never echoes it',
    async (style) => {
      const key = style.startsWith('an older') ? 'old-wrong-key' : 'wrong-key';
      const err = await failure(client({ apiKey: key }).resolveChannel(`@${MAIN_CHANNEL_HANDLE}`));
      expect(err.code).toBe('keyInvalid');
      expect(err.message).toMatch(/key was rejected/);
      expect(err.message).not.toContain(key);
      expect(fake.calls).toHaveLength(1); // a 400 is not retried
    },
  );

  it('reports an exhausted quota with when it resets, without retrying', async () => {
    fake.setQuotaExceeded(true);
    const err = await failure(client().resolveChannel(`@${MAIN_CHANNEL_HANDLE}`));
    expect(err).toMatchObject({ code: 'quotaExceeded', reason: 'quotaExceeded' });
    expect(err.message).toMatch(/midnight Pacific time/);
    expect(fake.calls).toHaveLength(1);
  });

  it('retries 5xx and 429 with backoff, then succeeds', async () => {
    fake.injectFailure({ endpoint: 'channels', status: 503 });
    fake.injectFailure({ endpoint: 'channels', status: 429 });
    const channel = await client().resolveChannel(`@${MAIN_CHANNEL_HANDLE}`);
    expect(channel?.id).toBe(MAIN_CHANNEL_ID);
    expect(fake.calls.map((c) => c.status)).toEqual([503, 429, 200]);
  });

  it('gives up after the bounded number of retries', async () => {
    fake.injectFailure({ endpoint: 'videos', status: 500, times: 10 });
    const err = await failure(client({ retries: 2 }).getVideos(['JLv00000001']));
    expect(err.code).toBe('upstream');
    expect(fake.calls).toHaveLength(3);
  });

  it('reports an unreachable service after retrying, and a timeout the same way', async () => {
    const down = new YouTubeClient({
      apiKey: 'k',
      baseUrl: 'http://127.0.0.1:9',
      retries: 1,
      retryDelayMs: 1,
    });
    expect((await failure(down.resolveChannel('@x'))).message).toMatch(/could not be reached/);
    fake.setLatency(200);
    const slow = client({ timeoutMs: 50, retries: 1 });
    expect((await failure(slow.resolveChannel('@x'))).code).toBe('unreachable');
  });

  it('reads search.list HTML escapes', () => {
    expect(unescapeHtml('Faouzia &amp; John Legend &#39;live&#39; &quot;x&quot;')).toBe(
      'Faouzia & John Legend \'live\' "x"',
    );
  });
});

describe('InstagramClient', () => {
  const ig = () => new InstagramClient({ baseUrl: fake.instagramUrl });

  it('gives the full name and the HD picture', async () => {
    const profile = await ig().getProfile('wrenhalvorsen');
    expect(profile?.name).toBe('Wren Halvorsen');
    expect(profile?.photo).toMatch(/\/img\/ig\/wrenhalvorsen\.jpg\?s=320$/);
    expect(fake.calls[0]!.path).toBe('/instagram/api/v1/users/web_profile_info/');
  });

  it('answers null when Instagram is not OK (unknown user, rate limit, unreachable)', async () => {
    expect(await ig().getProfile('nobody_here')).toBeNull();
    expect(await ig().getProfile('ratelimited')).toBeNull();
    expect(await new InstagramClient({ baseUrl: 'http://127.0.0.1:9' }).getProfile('x')).toBeNull();
  });

  it('normalises usernames from URLs and @handles', () => {
    expect(normaliseInstagramUsername('https://www.instagram.com/wren.h_/')).toBe('wren.h_');
    expect(normaliseInstagramUsername('@wren')).toBe('wren');
    expect(normaliseInstagramUsername('../etc/passwd')).toBeNull();
  });
});
