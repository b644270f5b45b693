import {
  API_ROUTES,
  HISTORY_ROUTES,
  PAGING,
  type Creator,
  type CreatorProfile,
  type HistoryPage,
  type VideoPage,
} from '@friends/shared';
import { admin, createCreator, createVideo, expectErrorBody } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

/**
 * A creator's profile pages its videos: the first page with the total, the rest from
 * GET /api/creators/:id/videos in the same order, so the profile's bytes do not grow with the creator.
 */
jest.setTimeout(120_000);

let t: TestContext;
let prolific: Creator;
let guest: Creator;
let quiet: Creator;
const VIDEOS = PAGING.profileVideos + 12;

beforeAll(async () => {
  t = await startTestApp();
  prolific = await createCreator(t, 'Prolific');
  guest = await createCreator(t, 'Guest');
  quiet = await createCreator(t, 'Quiet');
  for (let i = 0; i < VIDEOS; i++) {
    // Dates out of order, some shared, one undated: the order is date (newest first), then newest added.
    const date =
      i === 7 ? '' : `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`;
    await createVideo(t, {
      title: `Episode ${i}`,
      url: `https://example.com/episode-${i}`,
      date,
      authorIds: i % 5 === 0 ? [prolific.id, guest.id] : [prolific.id],
    });
  }
  await createVideo(t, { title: 'Quiet one', url: 'https://example.com/quiet', authorIds: [quiet.id] });
});

afterAll(async () => {
  await t?.close();
});

const profileOf = async (id: number) =>
  (await t.http().get(API_ROUTES.creatorProfile(id)).expect(200)).body as CreatorProfile;
const page = async (id: number, query = '') =>
  (
    await t
      .http()
      .get(`${API_ROUTES.creatorVideos(id)}${query}`)
      .expect(200)
  ).body as VideoPage;

/** Every video of the creator, a page of `limit` at a time. */
async function allPages(id: number, limit: number): Promise<VideoPage['items']> {
  const items: VideoPage['items'] = [];
  for (let offset = 0; ; offset += limit) {
    const answer = await page(id, `?offset=${offset}&limit=${limit}`);
    expect(answer.total).toBe(VIDEOS);
    items.push(...answer.items);
    if (answer.items.length < limit) return items;
  }
}

describe('GET /api/creators/:id/profile', () => {
  it('holds the first page of videos, newest first, and how many there are in all', async () => {
    const profile = await profileOf(prolific.id);
    expect(profile.videosTotal).toBe(VIDEOS);
    expect(profile.stats.totalVideos).toBe(VIDEOS);
    expect(profile.videos).toHaveLength(PAGING.profileVideos);
    const dates = profile.videos.map((video) => video.date);
    const dated = dates.filter((date) => date !== '');
    expect(dated).toEqual([...dated].sort().reverse());
    expect(profile.videos[0]!.authors.map((author) => author.id)).toContain(prolific.id);
  });

  it('keeps a small creator whole', async () => {
    const profile = await profileOf(quiet.id);
    expect(profile.videosTotal).toBe(1);
    expect(profile.videos.map((video) => video.title)).toEqual(['Quiet one']);
  });
});

describe('GET /api/creators/:id/videos', () => {
  it('pages on from the profile in the same order, each video once', async () => {
    const profile = await profileOf(prolific.id);
    const rest = await page(prolific.id, `?offset=${PAGING.profileVideos}`);
    expect(rest.total).toBe(VIDEOS);
    expect(rest.items).toHaveLength(VIDEOS - PAGING.profileVideos);
    const everything = [...profile.videos, ...rest.items];
    expect(new Set(everything.map((video) => video.id)).size).toBe(VIDEOS);
    expect(await allPages(prolific.id, 7)).toEqual(everything);
    expect(everything.at(-1)!.date).toBe(''); // undated last
  });

  it('answers the first page by default, and a merged-away id answers its primary', async () => {
    const first = await page(prolific.id);
    expect(first.items).toEqual((await profileOf(prolific.id)).videos);
    const twin = await createCreator(t, 'Prolific twin');
    await createVideo(t, { title: 'Twin solo', url: 'https://example.com/twin', authorIds: [twin.id] });
    const merged = await admin(t)
      .patch(API_ROUTES.creators)
      .send({ primaryId: quiet.id, mergeIds: [twin.id] });
    expect(merged.status).toBe(200);
    const viaTwin = await page(twin.id);
    expect(viaTwin.total).toBe(2);
    expect(viaTwin.items.map((video) => video.title).sort()).toEqual(['Quiet one', 'Twin solo']);
  });

  it('answers 404 to an unknown creator and 400 naming the field to a bad page', async () => {
    const missing = await t.http().get(API_ROUTES.creatorVideos(999_999));
    expect(missing.status).toBe(404);
    expectErrorBody(missing.body);
    for (const query of ['?offset=-1', '?offset=x', `?limit=${PAGING.maxLimit + 1}`, '?limit=0']) {
      const response = await t.http().get(`${API_ROUTES.creatorVideos(prolific.id)}${query}`);
      expect(response.status).toBe(400);
      expectErrorBody(response.body);
      expect(response.body.error).toMatch(query.includes('offset') ? /offset/ : /limit/);
    }
    const bad = await t.http().get('/api/creators/abc/videos');
    expect(bad.status).toBe(400);
  });
});

describe('the profile of a growing creator', () => {
  it('stays the same size: videos beyond the first page are not in it', async () => {
    const size = async () =>
      (await t.http().get(API_ROUTES.creatorProfile(prolific.id)).expect(200)).text.length;
    const before = await size();
    // Undated videos come last, so the first page stays the same videos; only the counts change.
    for (let i = 0; i < 12; i++) {
      await createVideo(t, {
        title: `Extra ${i}`,
        url: `https://example.com/extra-${i}`,
        authorIds: [prolific.id],
      });
    }
    const after = await size();
    expect((await profileOf(prolific.id)).videosTotal).toBe(VIDEOS + 12);
    expect(Math.abs(after - before)).toBeLessThan(16);
  });
});

describe('a video whose date changes', () => {
  it('moves to its new place in every author’s profile, and back when the edit is undone', async () => {
    const mover = await createCreator(t, 'Mover');
    const partner = await createCreator(t, 'Mover Partner');
    const made = [];
    for (const [title, date] of [
      ['January', '2024-01-01'],
      ['February', '2024-02-01'],
      ['March', '2024-03-01'],
    ] as const)
      made.push(await createVideo(t, { title, date, authorIds: [mover.id, partner.id] }));
    const titles = async (id: number) => (await profileOf(id)).videos.map((video) => video.title);
    expect(await titles(mover.id)).toEqual(['March', 'February', 'January']);

    const january = made[0]!;
    const http = admin(t);
    await http
      .put(API_ROUTES.videos)
      .send({ id: january.id, title: 'January', date: '2025-01-01', authorIds: [mover.id, partner.id] })
      .expect(200);
    expect(await titles(mover.id)).toEqual(['January', 'March', 'February']);
    expect(await titles(partner.id)).toEqual(['January', 'March', 'February']);
    expect((await page(mover.id, '?offset=1&limit=1')).items.map((video) => video.title)).toEqual(['March']);

    const history = (await http.get(`${HISTORY_ROUTES.history}?video=${january.id}&limit=1`).expect(200))
      .body as HistoryPage;
    expect(history.items[0]?.kind).toBe('video.update');
    expect((await http.post(HISTORY_ROUTES.undo(history.items[0]!.id))).status).toBe(200);
    expect(await titles(mover.id)).toEqual(['March', 'February', 'January']);
    expect(await titles(partner.id)).toEqual(['March', 'February', 'January']);
  });
});
