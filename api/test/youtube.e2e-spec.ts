/**
 * The YouTube and Instagram endpoints against the local fake (test/support/fake-youtube.ts), on the
 * database TEST_DB names (SQLite by default, MariaDB with TEST_DB=mariadb). Nothing reaches the internet.
 */
import {
  API_ROUTES,
  IMPORT_CHUNK_SIZE,
  MESSAGES,
  nameMatchKey,
  REVIEW_ROUTES,
  YOUTUBE_ROUTES,
  type ImportResult,
  type ReviewPage,
} from '@friends/shared';
import { EntityManager } from 'typeorm';
import {
  CURATED_PLAYLIST_ID,
  EXPECTED,
  FakeYouTube,
  MAIN_CHANNEL_HANDLE,
  startFakeYouTube,
  UNKNOWN_VIDEO_ID,
} from './support/fake-youtube';
import { startTestApp, type TestContext } from './support/test-app';

let fake: FakeYouTube;
let ctx: TestContext;
/** Every response body the tests saw, for the key-leak check. */
const seen: string[] = [];

const youtubeEnv = (f: FakeYouTube, key = f.apiKey) => ({
  YOUTUBE_API_KEY: key,
  YOUTUBE_API_BASE_URL: f.url,
  YOUTUBE_OEMBED_URL: f.oembedUrl,
  INSTAGRAM_BASE_URL: f.instagramUrl,
});

async function post(path: string, body?: object, c: TestContext = ctx) {
  const res = await c
    .http()
    .post(path)
    .set('Cookie', c.cookie)
    .send(body ?? {});
  seen.push(res.text);
  return res;
}

async function creatorNames(): Promise<string[]> {
  const rows = await ctx.query<{ name: string }>('SELECT name FROM creators ORDER BY id');
  return rows.map((r) => r.name);
}

const channelUrl = `https://www.youtube.com/@${MAIN_CHANNEL_HANDLE}`;

async function importAll(ids: string[]): Promise<ImportResult> {
  const total: ImportResult = { results: [], imported: 0, duplicates: 0, failed: 0, proposed: 0 };
  for (let i = 0; i < ids.length; i += IMPORT_CHUNK_SIZE) {
    const res = await post(YOUTUBE_ROUTES.import, {
      items: ids.slice(i, i + IMPORT_CHUNK_SIZE).map((id) => ({ id })),
    });
    expect(res.status).toBe(200);
    const body = res.body as ImportResult;
    total.results.push(...body.results);
    total.imported += body.imported;
    total.duplicates += body.duplicates;
    total.failed += body.failed;
    total.proposed += body.proposed;
  }
  return total;
}

beforeAll(async () => {
  fake = await startFakeYouTube();
  ctx = await startTestApp(youtubeEnv(fake));
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.setQuotaExceeded(false);
  fake.clearFailures();
});

describe('access', () => {
  it('answers 401 without the admin session', async () => {
    const res = await ctx.http().post(YOUTUBE_ROUTES.playlist).send({ url: channelUrl });
    expect(res.status).toBe(401);
    expect((await ctx.http().get(`${YOUTUBE_ROUTES.instagram}?username=wrenhalvorsen`)).status).toBe(401);
  });
});

describe('POST /api/youtube/refresh-photos before any links', () => {
  it("says 'No creators with YouTube or Instagram links found.'", async () => {
    const res = await post(YOUTUBE_ROUTES.refreshPhotos);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: MESSAGES.noCreatorsWithLinks });
  });
});

describe('POST /api/youtube/playlist', () => {
  it('previews a 60-video channel past the first page of 50', async () => {
    const res = await post(YOUTUBE_ROUTES.playlist, { url: channelUrl });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(EXPECTED.videoCount);
    expect(res.body.truncated).toBe(false);
    const item = res.body.items.find((i: { title: string }) => i.title === 'Dinner party');
    expect(item).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{11}$/),
      title: 'Dinner party',
      url: `https://www.youtube.com/watch?v=${item.id}`,
      publishedAt: '2024-02-09',
      thumbnail: expect.stringContaining('/mqdefault.jpg'),
      channelTitle: 'Juniper Lane',
    });
  });

  it('skips deleted and private items of a playlist', async () => {
    const res = await post(YOUTUBE_ROUTES.playlist, {
      url: `https://www.youtube.com/playlist?list=${CURATED_PLAYLIST_ID}`,
    });
    expect(res.body.items.map((i: { channelTitle: string }) => i.channelTitle)).toEqual([
      'Juniper Lane',
      'Åsa Lindqvård',
      'Otto Brambleworth',
    ]);
  });

  it.each([
    ['', 400, MESSAGES.enterChannelUrl],
    ['https://example.com/not-youtube', 400, MESSAGES.failedToFetchVideos],
    ['https://www.youtube.com/@nobody-at-all', 404, MESSAGES.noVideosFound],
    ['https://www.youtube.com/playlist?list=PLnothing', 404, MESSAGES.noVideosFound],
  ])('answers %j with %i', async (url, status, error) => {
    const res = await post(YOUTUBE_ROUTES.playlist, { url });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error });
  });

  it('says in plain words when the quota is used up', async () => {
    fake.setQuotaExceeded(true);
    const res = await post(YOUTUBE_ROUTES.playlist, { url: channelUrl });
    expect(res.status).toBe(503);
    expect(res.body.error).toMatch(/quota is used up.*midnight Pacific time/);
  });
});

describe('POST /api/youtube/import', () => {
  let ids: string[];

  it('imports the channel: its creator first, the right collaborators, none of the filtered names', async () => {
    ids = (await post(YOUTUBE_ROUTES.playlist, { url: channelUrl })).body.items.map(
      (i: { id: string }) => i.id,
    );
    fake.resetCalls();
    const result = await importAll(ids);
    expect(result).toMatchObject({ imported: 60, duplicates: 0, failed: 0 });
    // videos.list in batches, not one call per video.
    expect(fake.calls.filter((c) => c.endpoint === 'videos').length).toBe(Math.ceil(60 / IMPORT_CHUNK_SIZE));

    // Weak detections ('with Priya Castellan', a new @mention) wait for review instead of being applied.
    const queue = (await ctx.http().get(`${REVIEW_ROUTES.list}?limit=200`).set('Cookie', ctx.cookie))
      .body as ReviewPage;
    expect(queue.total).toBe(result.proposed);
    expect(queue.items.map((i) => `${i.name} (${i.videoTitle})`).sort()).toEqual([
      'Priya Castellan (Camping in the rain with Priya Castellan)',
      'Priya Castellan (Tent repair with Priya Castellan)',
      'milofenwick (Pancake race against @milofenwick)',
    ]);
    expect(queue.items.find((i) => i.name === 'milofenwick')).toMatchObject({
      creatorId: null,
      source: 'mention',
      text: '@milofenwick',
      confidence: 'medium',
    });
    expect(await creatorNames()).not.toContain('Priya Castellan');
    // Accepting them all makes what a correct import ends with.
    const accepted = await post(REVIEW_ROUTES.acceptMany, { ids: queue.items.map((i) => i.id) });
    expect(accepted.body).toEqual({ done: 3, failed: 0 });

    const names = await creatorNames();
    expect(names[0]).toBe(EXPECTED.mainCreator);
    expect(names.slice(1).sort()).toEqual([...EXPECTED.collaborators, ...EXPECTED.mentionCreators].sort());
    const keys = new Set(names.map(nameMatchKey));
    for (const filtered of EXPECTED.filteredNames) {
      if (nameMatchKey(filtered) !== nameMatchKey('Otto Brambleworth'))
        expect(keys.has(nameMatchKey(filtered))).toBe(false);
    }

    const videos = (await ctx.http().get(API_ROUTES.videos)).body as {
      title: string;
      authors: { name: string }[];
      date: string;
      url: string;
    }[];
    expect(videos).toHaveLength(60);
    for (const [title, collaborators] of Object.entries(EXPECTED.authorsByTitle)) {
      const video = videos.find((v) => v.title === title)!;
      expect(video.authors.map((a) => a.name)).toEqual([EXPECTED.mainCreator, ...collaborators]);
    }
    const dinner = videos.find((v) => v.title === 'Dinner party')!;
    expect(dinner).toMatchObject({
      date: '2024-02-09',
      url: expect.stringMatching(/^https:\/\/www\.youtube\.com\/watch\?v=/),
    });

    const [main] = await ctx.query<{ photo: string }>('SELECT photo FROM creators WHERE name = ?', [
      EXPECTED.mainCreator,
    ]);
    expect(main!.photo).toContain('/img/ch/');
    const links = await ctx.query<{ url: string }>(
      'SELECT l.url FROM social_links l JOIN creators c ON c.id = l.creator_id WHERE c.name = ?',
      [EXPECTED.mainCreator],
    );
    expect(links.map((l) => l.url)).toEqual([`https://www.youtube.com/@${MAIN_CHANNEL_HANDLE}`]);
  });

  it('skips every video as a duplicate on a second import', async () => {
    const before = await creatorNames();
    const result = await importAll(ids);
    expect(result).toMatchObject({ imported: 0, duplicates: 60, failed: 0 });
    expect(await creatorNames()).toEqual(before);
  });

  it('fails one unknown video without stopping the others', async () => {
    const otto = fake.data.videos.filter((v) => v.id.startsWith('OBv')).map((v) => v.id);
    const res = await post(YOUTUBE_ROUTES.import, { items: [{ id: UNKNOWN_VIDEO_ID }, { id: otto[0] }] });
    expect(res.body.results).toEqual([
      { id: UNKNOWN_VIDEO_ID, status: 'failed', error: MESSAGES.noVideoDataFound },
      expect.objectContaining({ id: otto[0], status: 'imported' }),
    ]);
  });

  it('leaves nothing of a video whose transaction fails half-way', async () => {
    const priya = fake.data.videos.find((v) => v.id.startsWith('PCv'))!;
    fake.video(priya.id).title = 'Climbing w/ Ravi Okonkwo';
    // The authorships are written after the video row, in the same transaction: fail them.
    const query = EntityManager.prototype.query;
    const spy = jest.spyOn(EntityManager.prototype, 'query').mockImplementation(function (
      this: EntityManager,
      sql,
      parameters,
    ) {
      if (/^\s*INSERT INTO video_authors\b/i.test(sql)) return Promise.reject(new Error('disk on fire'));
      return query.call(this, sql, parameters);
    });
    try {
      const res = await post(YOUTUBE_ROUTES.import, { items: [{ id: priya.id }] });
      expect(res.body.results[0]).toMatchObject({ status: 'failed' });
    } finally {
      spy.mockRestore();
    }
    expect(
      await ctx.query('SELECT id FROM videos WHERE title = ?', ['Climbing w/ Ravi Okonkwo']),
    ).toHaveLength(0);
    expect(await creatorNames()).not.toContain('Ravi Okonkwo');
    // And it imports cleanly afterwards.
    const again = await post(YOUTUBE_ROUTES.import, { items: [{ id: priya.id }] });
    expect(again.body.results[0]).toMatchObject({ status: 'imported' });
    expect(again.body.results[0].createdCreators).toContain('Ravi Okonkwo');
  });

  it('rejects a malformed payload', async () => {
    expect((await post(YOUTUBE_ROUTES.import, { items: [] })).status).toBe(400);
    expect((await post(YOUTUBE_ROUTES.import, { items: [{ id: 'x' }] })).status).toBe(400);
  });
});

describe('POST /api/youtube/video-info', () => {
  it('gives title, date, channel and the detected collaborators', async () => {
    const video = fake.data.videos.find((v) => v.title === 'Dinner party')!;
    const res = await post(YOUTUBE_ROUTES.videoInfo, { url: `https://youtu.be/${video.id}` });
    expect(res.status).toBe(200);
    const ids = await ctx.query<{ id: number; name: string }>('SELECT id, name FROM creators');
    const idOf = (name: string) => Number(ids.find((c) => c.name === name)!.id);
    expect(res.body).toMatchObject({
      videoId: video.id,
      url: `https://www.youtube.com/watch?v=${video.id}`,
      title: 'Dinner party',
      date: '2024-02-09',
      channelTitle: 'Juniper Lane',
      source: 'api',
      channelCreatorId: idOf('Juniper Lane'),
      detected: { existingIds: [idOf('Rosa Delacroix'), idOf('Theo Marchetti')], toCreate: [] },
    });
  });

  it('falls back to oEmbed when the quota is used up', async () => {
    fake.setQuotaExceeded(true);
    const video = fake.data.videos.find((v) => v.id.startsWith('ALv'))!;
    const res = await post(YOUTUBE_ROUTES.videoInfo, { url: `https://www.youtube.com/watch?v=${video.id}` });
    expect(res.body).toMatchObject({
      source: 'oembed',
      title: video.title,
      channelTitle: 'Åsa Lindqvård',
      date: '',
    });
  });

  it.each([
    ['', 400, MESSAGES.enterVideoUrlFirst],
    ['https://example.com/watch', 400, MESSAGES.couldNotExtractVideoId],
    [`https://youtu.be/${UNKNOWN_VIDEO_ID}`, 404, MESSAGES.failedToFetchVideoInfo],
  ])('answers %j with %i', async (url, status, error) => {
    const res = await post(YOUTUBE_ROUTES.videoInfo, { url });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error });
  });
});

describe('aliases', () => {
  it('matches a merged-away name to the creator it was merged into, never re-creating it', async () => {
    const rows = await ctx.query<{ id: number; name: string }>('SELECT id, name FROM creators');
    const id = (name: string) => Number(rows.find((c) => c.name === name)!.id);
    const merge = await ctx
      .http()
      .patch(API_ROUTES.creators)
      .set('Cookie', ctx.cookie)
      .send({
        primaryId: id('Dario Quill'),
        mergeIds: [id('Hana Okafor')],
      });
    expect(merge.status).toBe(200);
    const video = fake.data.videos.find((v) => v.title === 'Jam session')!;
    const res = await post(YOUTUBE_ROUTES.videoInfo, { url: `https://youtu.be/${video.id}` });
    expect(res.body.detected).toEqual({ existingIds: [id('Dario Quill')], toCreate: [] });
  });
});

describe('rescan', () => {
  const videoIdOf = async (title: string) =>
    Number((await ctx.query<{ id: number }>('SELECT id FROM videos WHERE title = ?', [title]))[0]!.id);

  it('adds a collaborator found in the description, creating it once', async () => {
    const fakeVideo = fake.data.videos.find((v) => v.title === 'Garden tour')!;
    fakeVideo.description = 'Guests:\nNova Quillfeather\nOtto Brambleworth\n';
    const id = await videoIdOf('Garden tour');
    const first = await post(YOUTUBE_ROUTES.rescanOne(id));
    expect(first.body).toEqual({ id, added: 2, created: 1, proposed: 0 });
    const video = (
      (await ctx.http().get(API_ROUTES.videos)).body as { id: number; authors: { name: string }[] }[]
    ).find((v) => v.id === id)!;
    expect(video.authors.map((a) => a.name)).toEqual([
      'Juniper Lane',
      'Otto Brambleworth', // existing creators first, then the new ones
      'Nova Quillfeather',
    ]);
    const second = await post(YOUTUBE_ROUTES.rescanOne(id));
    expect(second.body).toEqual({ id, added: 0, created: 0, proposed: 0 });
  });

  it('answers the documented single-rescan errors, and skips such videos silently in bulk', async () => {
    const noUrl = await ctx
      .http()
      .post(API_ROUTES.videos)
      .set('Cookie', ctx.cookie)
      .send({ title: 'Offline', url: '', authorIds: [1] });
    const gone = await ctx
      .http()
      .post(API_ROUTES.videos)
      .set('Cookie', ctx.cookie)
      .send({ title: 'Gone', url: `https://youtu.be/${UNKNOWN_VIDEO_ID}`, authorIds: [1] });
    expect((await post(YOUTUBE_ROUTES.rescanOne(noUrl.body.id))).body).toEqual({
      error: MESSAGES.couldNotExtractVideoIdShort,
    });
    const missing = await post(YOUTUBE_ROUTES.rescanOne(gone.body.id));
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: MESSAGES.noVideoDataFound });

    const sourdough = await videoIdOf('Baking sourdough w/ OttoBrambleworth');
    const bulk = await post(YOUTUBE_ROUTES.rescan, { videoIds: [noUrl.body.id, gone.body.id, sourdough] });
    expect(bulk.status).toBe(200);
    expect(bulk.body).toMatchObject({ added: 0, created: 0 });
    expect(bulk.body.results.map((r: { skipped?: string }) => r.skipped ?? null)).toEqual([
      MESSAGES.couldNotExtractVideoIdShort,
      MESSAGES.noVideoDataFound,
      null,
    ]);
  });
});

describe('creator info and Instagram', () => {
  it('reads a YouTube channel, then Instagram, in that order', async () => {
    const yt = await post(YOUTUBE_ROUTES.creatorInfo, {
      urls: ['https://www.instagram.com/wrenhalvorsen/', 'https://www.youtube.com/@ottobrambleworth'],
    });
    expect(yt.body).toEqual({
      name: 'Otto Brambleworth',
      photo: expect.stringContaining('/img/ch/'),
      source: 'YouTube',
    });
    const ig = await post(YOUTUBE_ROUTES.creatorInfo, { urls: ['https://www.instagram.com/wrenhalvorsen/'] });
    expect(ig.body).toEqual({
      name: 'Wren Halvorsen',
      photo: expect.stringContaining('wrenhalvorsen'),
      source: 'Instagram',
    });
  });

  it('answers the documented failures', async () => {
    const none = await post(YOUTUBE_ROUTES.creatorInfo, { urls: ['https://example.com/me'] });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ error: MESSAGES.enterSocialUrlFirst });
    const unknownChannel = await post(YOUTUBE_ROUTES.creatorInfo, {
      urls: ['https://www.youtube.com/@nobody_at_all_here'],
    });
    expect(unknownChannel.status).toBe(502);
    expect(unknownChannel.body).toEqual({ error: MESSAGES.couldNotFetchCreatorInfo });
  });

  it('falls back to the Instagram username when Instagram answers non-OK', async () => {
    for (const urls of [
      ['https://www.instagram.com/nobody_here/'],
      ['https://www.youtube.com/@nobody_at_all_here', 'https://www.instagram.com/ratelimited'],
    ]) {
      const res = await post(YOUTUBE_ROUTES.creatorInfo, { urls });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ name: urls.at(-1)!.split('/')[3], photo: '', source: 'Instagram' });
    }
  });

  it('GET /api/instagram answers name and photo, or the name alone when Instagram is not OK', async () => {
    const ok = await ctx
      .http()
      .get(`${YOUTUBE_ROUTES.instagram}?username=wrenhalvorsen`)
      .set('Cookie', ctx.cookie);
    expect(ok.body).toEqual({ name: 'Wren Halvorsen', photo: expect.stringContaining('wrenhalvorsen') });
    const limited = await ctx
      .http()
      .get(`${YOUTUBE_ROUTES.instagram}?username=ratelimited`)
      .set('Cookie', ctx.cookie);
    expect(limited.body).toEqual({ name: 'ratelimited', photo: '' });
    const bad = await ctx
      .http()
      .get(`${YOUTUBE_ROUTES.instagram}?username=${encodeURIComponent('../x')}`)
      .set('Cookie', ctx.cookie);
    expect(bad.status).toBe(400);
  });
});

describe('POST /api/youtube/refresh-photos', () => {
  it('updates, counts the up-to-date and the failed', async () => {
    const res = await post(YOUTUBE_ROUTES.refreshPhotos);
    expect(res.status).toBe(200);
    // Juniper Lane got its photo at import; Milo Fenwick (YouTube handle) and Sunny Abernathy (Instagram)
    // get theirs now; fennarask is unknown to Instagram.
    expect(res.body).toMatchObject({
      updated: 2,
      upToDate: 1,
      failed: 1,
      notFetched: [{ reason: 'notFound', count: 1 }],
    });
    expect(res.body.creators.map((c: { name: string }) => c.name).sort()).toEqual([
      'Milo Fenwick',
      'Sunny Abernathy',
    ]);
    const again = await post(YOUTUBE_ROUTES.refreshPhotos);
    expect(again.body).toMatchObject({ updated: 0, upToDate: 3, failed: 1 });
  });
});

describe('without a usable key', () => {
  it('answers the plain-words message for the Data API features and keeps running', async () => {
    const noKey = await startTestApp({ ...youtubeEnv(fake, '') });
    try {
      for (const [path, body] of [
        [YOUTUBE_ROUTES.playlist, { url: channelUrl }],
        [YOUTUBE_ROUTES.import, { items: [{ id: 'JLv00000001' }] }],
        [YOUTUBE_ROUTES.rescan, { videoIds: [1] }],
        [YOUTUBE_ROUTES.rescanOne(1), {}],
        [YOUTUBE_ROUTES.creatorInfo, { urls: [channelUrl] }],
      ] as const) {
        const res = await post(path, body, noKey);
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ error: MESSAGES.youtubeKeyMissing });
      }
      expect((await noKey.http().get(API_ROUTES.creators)).status).toBe(200);
    } finally {
      await noKey.close();
    }
  });

  it('says whether the Data API is configured', async () => {
    const noKey = await startTestApp({ ...youtubeEnv(fake, '') });
    try {
      const status = (c: TestContext) => c.http().get(YOUTUBE_ROUTES.status).set('Cookie', c.cookie);
      expect((await status(noKey)).body).toEqual({ dataApi: false });
      expect((await status(ctx)).body).toEqual({ dataApi: true });
      expect((await noKey.http().get(YOUTUBE_ROUTES.status)).status).toBe(401);
    } finally {
      await noKey.close();
    }
  });

  it('fetches video info through oEmbed alone (title and channel)', async () => {
    const noKey = await startTestApp({ ...youtubeEnv(fake, '') });
    try {
      const video = fake.data.videos.find((v) => v.title === 'Dinner party')!;
      const before = fake.calls.length;
      const res = await post(YOUTUBE_ROUTES.videoInfo, { url: `https://youtu.be/${video.id}` }, noKey);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        videoId: video.id,
        title: 'Dinner party',
        channelTitle: 'Juniper Lane',
        date: '',
        source: 'oembed',
      });
      expect(fake.calls.slice(before).map((c) => c.endpoint)).toEqual(['oembed']);
    } finally {
      await noKey.close();
    }
  });

  it('says the key was rejected', async () => {
    const badKey = await startTestApp({ ...youtubeEnv(fake, 'not-the-key') });
    try {
      const res = await post(YOUTUBE_ROUTES.playlist, { url: channelUrl }, badKey);
      expect(res.status).toBe(503);
      expect(res.body.error).toMatch(/key was rejected/);
    } finally {
      await badKey.close();
    }
  });
});

describe('the key', () => {
  it('is sent to YouTube and never appears in any response', () => {
    expect(fake.calls.some((c) => c.params.key === fake.apiKey)).toBe(true);
    expect(seen.length).toBeGreaterThan(20);
    for (const body of seen) expect(body).not.toContain(fake.apiKey);
  });
});
