/**
 * Evidence on every video–creator link and the review queue of weak detections, on the database
 * TEST_DB names, against the local YouTube fake: what an import applies and what it proposes, accept
 * and reject (one and many), rejections remembered across rescans and re-imports, channel boilerplate
 * never proposed, 401 without a session and 4xx for bad input.
 */
import {
  API_ROUTES,
  REVIEW_ROUTES,
  YOUTUBE_ROUTES,
  type LinkEvidence,
  type ReviewPage,
} from '@friends/shared';
import { FakeYouTube, startFakeYouTube } from './support/fake-youtube';
import { snapshot } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

let fake: FakeYouTube;
let ctx: TestContext;

const post = (path: string, body?: object) =>
  ctx
    .http()
    .post(path)
    .set('Cookie', ctx.cookie)
    .send(body ?? {});
const get = (path: string) => ctx.http().get(path).set('Cookie', ctx.cookie);
const fakeId = (title: string) => fake.data.videos.find((v) => v.title === title)!.id;
const importTitles = (...titles: string[]) =>
  post(YOUTUBE_ROUTES.import, { items: titles.map((t) => ({ id: fakeId(t) })) });
const idOf = async (table: 'creators' | 'videos', column: string, value: string) =>
  Number((await ctx.query<{ id: number }>(`SELECT id FROM ${table} WHERE ${column} = ?`, [value]))[0]?.id);
const queue = async () => (await get(`${REVIEW_ROUTES.list}?limit=200`)).body as ReviewPage;

beforeAll(async () => {
  fake = await startFakeYouTube({ benchVideos: 0 });
  ctx = await startTestApp({
    YOUTUBE_API_KEY: fake.apiKey,
    YOUTUBE_API_BASE_URL: fake.url,
    YOUTUBE_OEMBED_URL: fake.oembedUrl,
    INSTAGRAM_BASE_URL: fake.instagramUrl,
  });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

describe('access', () => {
  it('answers 401 without the admin session', async () => {
    for (const [method, path] of [
      ['get', REVIEW_ROUTES.list],
      ['post', REVIEW_ROUTES.accept(1)],
      ['post', REVIEW_ROUTES.reject(1)],
      ['post', REVIEW_ROUTES.acceptMany],
      ['post', REVIEW_ROUTES.rejectMany],
      ['get', REVIEW_ROUTES.videoEvidence(1)],
    ] as const) {
      const http = ctx.http();
      const res = await (method === 'get' ? http.get(path) : http.post(path)).send({ ids: [1] });
      expect([path, res.status]).toEqual([path, 401]);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
  });
});

describe('an import', () => {
  beforeAll(async () => {
    const res = await importTitles(
      'Harvest song ft. Dario Quill',
      'Camping in the rain with Priya Castellan',
      'Pancake race against @milofenwick',
      'Dinner party',
    );
    expect(res.body).toMatchObject({ imported: 4, failed: 0, proposed: 2 });
  });

  it('records the evidence of every link it made', async () => {
    const juniper = await idOf('creators', 'name', 'Juniper Lane');
    const dario = await idOf('creators', 'name', 'Dario Quill');
    const harvest = await idOf('videos', 'title', 'Harvest song ft. Dario Quill');
    const res = await get(REVIEW_ROUTES.videoEvidence(harvest));
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        creatorId: juniper,
        source: 'channel-owner',
        text: 'Juniper Lane',
        confidence: 'high',
        at: expect.any(String),
      },
      {
        creatorId: dario,
        source: 'title',
        text: 'ft. Dario Quill',
        confidence: 'high',
        at: expect.any(String),
      },
    ]);
    const dinner = (await get(REVIEW_ROUTES.videoEvidence(await idOf('videos', 'title', 'Dinner party'))))
      .body as LinkEvidence[];
    expect(dinner.map((e) => [e.source, e.text])).toEqual([
      ['channel-owner', 'Juniper Lane'],
      ['description', 'Rosa Delacroix'],
      ['description', 'Theo Marchetti'],
    ]);
  });

  it('puts the weak detections in the review queue instead of applying them', async () => {
    const page = await queue();
    expect(page.total).toBe(2);
    expect(page.items).toEqual([
      {
        id: expect.any(Number),
        videoId: await idOf('videos', 'title', 'Camping in the rain with Priya Castellan'),
        videoTitle: 'Camping in the rain with Priya Castellan',
        videoUrl: expect.stringContaining('youtube.com/watch?v='),
        name: 'Priya Castellan',
        creatorId: null,
        creatorName: null,
        source: 'title',
        text: 'with Priya Castellan',
        confidence: 'medium',
      },
      expect.objectContaining({ name: 'milofenwick', source: 'mention', text: '@milofenwick' }),
    ]);
    expect(await idOf('creators', 'name', 'Priya Castellan')).toBeNaN();
    const first = await get(`${REVIEW_ROUTES.list}?offset=1&limit=1`);
    expect(first.body).toEqual({ total: 2, items: [page.items[1]] });
  });

  it('accepts one: the creator is made, named after its channel, and linked with the evidence', async () => {
    const item = (await queue()).items.find((i) => i.name === 'milofenwick')!;
    const res = await post(REVIEW_ROUTES.accept(item.id));
    expect(res.status).toBe(200);
    // A handle is not a name: YouTube's channels.list gives the channel's title.
    const milo = await idOf('creators', 'name', 'Milo Fenwick');
    expect(await idOf('creators', 'name', 'milofenwick')).toBeNaN();
    expect(res.body).toEqual({ id: item.id, videoId: item.videoId, creatorId: milo });
    const evidence = (await get(REVIEW_ROUTES.videoEvidence(item.videoId))).body as LinkEvidence[];
    expect(evidence[1]).toMatchObject({
      creatorId: milo,
      source: 'mention',
      text: '@milofenwick',
      confidence: 'medium',
    });
    const links = await ctx.query<{ url: string }>('SELECT url FROM social_links WHERE creator_id = ?', [
      milo,
    ]);
    expect(links.map((l) => l.url)).toEqual(['https://www.youtube.com/@milofenwick']);
    const again = await post(REVIEW_ROUTES.accept(item.id));
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: 'Proposal not found' });
  });

  it('rejects one and never proposes it again, by rescan or by re-import', async () => {
    const item = (await queue()).items.find((i) => i.name === 'Priya Castellan')!;
    const res = await post(REVIEW_ROUTES.reject(item.id));
    expect(res.body).toEqual({ id: item.id, videoId: item.videoId, creatorId: null });
    expect((await queue()).total).toBe(0);

    const rescan = await post(YOUTUBE_ROUTES.rescanOne(item.videoId));
    expect(rescan.body).toMatchObject({ added: 0, proposed: 0 });
    await ctx.http().delete(API_ROUTES.video(item.videoId)).set('Cookie', ctx.cookie).expect(200);
    const reimport = await importTitles('Camping in the rain with Priya Castellan');
    expect(reimport.body).toMatchObject({ imported: 1, proposed: 0 });
    expect((await queue()).total).toBe(0);
  });

  it('keeps the evidence of the authors an edit keeps; a new author is manual', async () => {
    const harvest = await idOf('videos', 'title', 'Harvest song ft. Dario Quill');
    const before = (await get(REVIEW_ROUTES.videoEvidence(harvest))).body as LinkEvidence[];
    const rosa = await idOf('creators', 'name', 'Rosa Delacroix');
    const put = await ctx
      .http()
      .put(API_ROUTES.videos)
      .set('Cookie', ctx.cookie)
      .send({ id: harvest, title: 'Harvest song', authorIds: [...before.map((e) => e.creatorId), rosa] });
    expect(put.status).toBe(200);
    const after = (await get(REVIEW_ROUTES.videoEvidence(harvest))).body as LinkEvidence[];
    expect(after.slice(0, 2)).toEqual(before);
    expect(after[2]).toMatchObject({ creatorId: rosa, source: 'manual', text: '', confidence: 'high' });
  });
});

describe('channel boilerplate', () => {
  it('never proposes a handle found in most of one channel’s descriptions', async () => {
    const line = 'Great day!\nJoin the club: @andesclub';
    for (const v of fake.data.videos.filter((v) => v.id.startsWith('OBv') || v.id.startsWith('MFv')))
      v.description = line;
    const otto = fake.data.videos.filter((v) => v.id.startsWith('OBv')).map((v) => ({ id: v.id }));
    expect((await post(YOUTUBE_ROUTES.import, { items: otto })).body).toMatchObject({
      imported: 3,
      proposed: 0,
    });
    expect((await queue()).items.map((i) => i.name)).not.toContain('andesclub');
    // The same line in one video of a channel that does not repeat it is a proposal.
    const milo = await post(YOUTUBE_ROUTES.import, { items: [{ id: fakeId('Milo tries sourdough') }] });
    expect(milo.body).toMatchObject({ imported: 1, proposed: 1 });
    expect((await queue()).items.map((i) => i.name)).toEqual(['andesclub']);
  });
});

describe('bulk decisions and bad input', () => {
  it('decides many at once, counting unknown ids as failed', async () => {
    const ids = (await queue()).items.map((i) => i.id);
    const res = await post(REVIEW_ROUTES.rejectMany, { ids: [...ids, 999_999] });
    expect(res.body).toEqual({ done: ids.length, failed: 1 });
    expect((await post(REVIEW_ROUTES.acceptMany, { ids: [999_999] })).body).toEqual({ done: 0, failed: 1 });
  });

  it.each([
    ['post', '/api/review/abc/accept', {}],
    ['post', '/api/review/0/reject', {}],
    ['post', REVIEW_ROUTES.acceptMany, { ids: [] }],
    ['post', REVIEW_ROUTES.rejectMany, { ids: ['x'] }],
    ['post', REVIEW_ROUTES.rejectMany, {}],
    ['get', `${REVIEW_ROUTES.list}?limit=0`, undefined],
    ['get', `${REVIEW_ROUTES.list}?offset=-1`, undefined],
    ['get', '/api/videos/abc/evidence', undefined],
  ] as const)('%s %s answers 400 with an error', async (method, path, body) => {
    const http = ctx.http();
    const res = await (method === 'get' ? http.get(path) : http.post(path))
      .set('Cookie', ctx.cookie)
      .send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.any(String) });
  });

  it('answers 404 to one decision on an unknown proposal, committing nothing', async () => {
    const before = await snapshot(ctx);
    for (const path of [REVIEW_ROUTES.accept(999_999), REVIEW_ROUTES.reject(999_999)]) {
      const res = await post(path);
      expect({ path, status: res.status, body: res.body as unknown }).toEqual({
        path,
        status: 404,
        body: { error: 'Proposal not found' },
      });
    }
    // The write sequence too: a write that commits, even empty, would move it and drop cached answers.
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('answers 404 for the evidence of an unknown video', async () => {
    const res = await get(REVIEW_ROUTES.videoEvidence(999_999));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Video not found' });
  });
});
