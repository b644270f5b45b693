/**
 * GET /api/creators/search and GET /api/videos/search: the lists the screens read, filtered and paged on
 * the server. The answers must be exactly what the browsers' filters gave over the whole lists.
 */
import {
  API_ROUTES,
  PAGING,
  buildSearchIndex,
  filterSearchIndex,
  type CreatorListItem,
  type CreatorPage,
  type Video,
  type VideoIds,
  type VideoPage,
} from '@friends/shared';
import { SHORT_COUNT_BOUNDS } from '../src/creators/creator-search';
import { admin, createCreator, createVideo, expectErrorBody, undoLatest } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp();
  const names = [
    'Ann Bo',
    'Annabel Quest',
    'Zoë Ørsted',
    'ÉLODIE Vasquez',
    'Percent 100% Real',
    'under_score',
    'Quote "Marks"',
    'Bo',
    'Xi',
  ];
  const ids: number[] = [];
  for (const [i, name] of names.entries()) {
    const creator = await createCreator(t, {
      name,
      socialLinks:
        i % 3 === 0
          ? [
              { url: `https://www.youtube.com/@Chan${i}Nel` },
              { url: 'https://www.instagram.com/second_link' },
            ]
          : i % 3 === 1
            ? [{ url: `https://www.tiktok.com/@tik${i}` }]
            : [],
    });
    ids.push(creator.id);
  }
  // A merge leaves an alias on the primary.
  const old = await createCreator(t, 'Merged Away Name');
  await admin(t)
    .patch(API_ROUTES.creators)
    .send({ primaryId: ids[1], mergeIds: [old.id] })
    .expect(200);
  await createVideo(t, {
    title: 'Solo Morning Show',
    url: 'https://www.youtube.com/watch?v=AAAAAAAAAAA',
    authorIds: [ids[0]!],
  });
  await createVideo(t, {
    title: 'Together AGAIN',
    url: 'https://vimeo.com/1',
    authorIds: [ids[1]!, ids[2]!],
  });
  await createVideo(t, {
    title: 'Été à Paris',
    url: 'https://youtu.be/BBBBBBBBBBB',
    authorIds: [ids[3]!, ids[0]!],
  });
  await createVideo(t, { title: 'No url', authorIds: [ids[4]!] });
  for (let i = 0; i < 7; i++) await createVideo(t, { title: `Filler ${i}`, authorIds: [ids[5]!] });
});
afterAll(() => t.close());

const all = async (): Promise<CreatorListItem[]> =>
  (await t.http().get(API_ROUTES.creators).expect(200)).body;
const allVideos = async (): Promise<Video[]> => (await t.http().get(API_ROUTES.videos).expect(200)).body;
const search = async (query: Record<string, string>): Promise<CreatorPage> =>
  (await t.http().get(API_ROUTES.creatorsSearch).query(query).expect(200)).body;
const videoSearch = async (query: Record<string, string>): Promise<VideoPage> =>
  (await t.http().get(API_ROUTES.videosSearch).query(query).expect(200)).body;

/** The client-side filters the screens used before (search view; admin creator list and picker). */
const clientSearch = (list: CreatorListItem[], term: string) =>
  filterSearchIndex(buildSearchIndex(list), term);
const clientNames = (list: CreatorListItem[], term: string) =>
  filterSearchIndex(buildSearchIndex(list.map((c) => ({ ...c, channel: '' }))), term).map(
    (c) => list.find((item) => item.id === c.id) as CreatorListItem,
  );
/** Manage Videos' old filter, in the paged lists' order: the newest added first. */
const clientVideos = (list: Video[], term: string) => {
  const needle = term.trim().toLowerCase();
  return list
    .filter((v) => [v.title, ...v.authors.map((a) => a.name)].join('\n').toLowerCase().includes(needle))
    .sort((a, b) => b.id - a.id);
};

const TERMS = [
  '',
  '  ',
  'a',
  'B',
  'bo',
  'ann',
  'ANN BO',
  'nabel',
  'zoë',
  'ØRST',
  'élodie',
  '100%',
  '%',
  '_',
  'under_',
  '"marks"',
  'quote "',
  'youtube',
  'chan0nel',
  'tik4',
  'second_link',
  'merged away',
  'away name',
  'nobody matches this',
];

describe('GET /api/creators/search', () => {
  it.each(TERMS)(
    'answers what the search view filtered for %j (name, channel, alias; any case)',
    async (term) => {
      const expected = clientSearch(await all(), term);
      const page = await search({ q: term, limit: String(PAGING.maxLimit) });
      expect(page.total).toBe(expected.length);
      expect(page.items).toEqual(expected);
    },
  );

  it.each(TERMS)(
    'with scope=names answers what the admin filters gave for %j (name, alias)',
    async (term) => {
      const expected = clientNames(await all(), term);
      const page = await search({ q: term, scope: 'names', limit: String(PAGING.maxLimit) });
      expect(page.items.map((c) => c.name)).toEqual(expected.map((c) => c.name));
      expect(page.total).toBe(expected.length);
    },
  );

  it('pages by offset and limit, in id order, with the total of all matches', async () => {
    for (const name of ['Pager One', 'Pager Two', 'Pager Three', 'Pager Four']) await createCreator(t, name);
    const expected = clientSearch(await all(), 'pager');
    expect(expected.length).toBeGreaterThan(3);
    const first = await search({ q: 'pager', limit: '2' });
    const second = await search({ q: 'pager', offset: '2', limit: '2' });
    const past = await search({ q: 'pager', offset: String(PAGING.visitorWindow - PAGING.creatorsPage) });
    expect(first).toEqual({ total: expected.length, items: expected.slice(0, 2) });
    expect(second).toEqual({ total: expected.length, items: expected.slice(2, 4) });
    expect(past).toEqual({ total: expected.length, items: [] });
    expect((await search({})).items).toHaveLength(Math.min(PAGING.creatorsPage, (await all()).length));
  });

  it("keeps a short term's large count only until the names change", async () => {
    const saved = { ...SHORT_COUNT_BOUNDS };
    Object.assign(SHORT_COUNT_BOUNDS, { kept: 2 });
    try {
      // Each request asks for a page size no other does, so no answer is replayed from the answer cache.
      const total = async (q: string, limit: number) => (await search({ q, limit: String(limit) })).total;
      const before = clientSearch(await all(), 'qj').length;
      const first = await createCreator(t, 'Qj First');
      const second = await createCreator(t, 'Qj Second');
      expect(await total('qj', 101)).toBe(before + 2); // counted, known to be large
      expect(await total('qj', 102)).toBe(before + 2); // counted and kept
      expect(await total('qj', 103)).toBe(before + 2); // the kept count
      const third = await createCreator(t, 'Qj Third');
      expect(await total('qj', 104)).toBe(before + 3);
      await admin(t).put(API_ROUTES.creators).send({ id: third.id, name: 'Other Third' }).expect(200);
      expect(await total('qj', 105)).toBe(before + 2);
      await admin(t).delete(API_ROUTES.creator(first.id)).expect(200);
      expect(await total('qj', 106)).toBe(before + 1);
      // Leave the catalogue as the other tests expect it.
      for (const id of [second.id, third.id]) await admin(t).delete(API_ROUTES.creator(id)).expect(200);
      expect(await total('qj', 107)).toBe(before);
    } finally {
      Object.assign(SHORT_COUNT_BOUNDS, saved);
    }
  });

  it('reflects creates, renames, link changes, merges and deletes at once', async () => {
    expect((await search({ q: 'fresh face' })).total).toBe(0);
    const created = await createCreator(t, {
      name: 'Fresh Face',
      socialLinks: [{ url: 'https://twitch.tv/ffchan' }],
    });
    expect((await search({ q: 'fresh face' })).items.map((c) => c.id)).toEqual([created.id]);
    expect((await search({ q: 'ffchan' })).total).toBe(1);
    await admin(t)
      .put(API_ROUTES.creators)
      .send({ id: created.id, name: 'Renamed Face', socialLinks: [{ url: 'https://twitch.tv/otherchan' }] })
      .expect(200);
    expect((await search({ q: 'fresh face' })).total).toBe(0);
    expect((await search({ q: 'ffchan' })).total).toBe(0);
    expect((await search({ q: 'renamed' })).items.map((c) => c.id)).toEqual([created.id]);
    const other = await createCreator(t, 'Second Face');
    await admin(t)
      .patch(API_ROUTES.creators)
      .send({ primaryId: created.id, mergeIds: [other.id] })
      .expect(200);
    expect((await search({ q: 'second face' })).items.map((c) => c.id)).toEqual([created.id]);
    await admin(t).delete(API_ROUTES.creator(created.id)).expect(200);
    expect((await search({ q: 'face' })).total).toBe(0);
  });

  it('shows each creator as it is now: renamed, relinked, merged, in a new video, undone', async () => {
    // Each search is a new URL (a new page size), so what it shows is read, not replayed: the
    // creators a page shows are kept between searches until a table they are read from changes.
    const host = await createCreator(t, {
      name: 'Kept Host',
      socialLinks: [{ url: 'https://twitch.tv/keptchan' }],
    });
    let limit = 30;
    const shown = async () => {
      const page = await search({ q: 'kept', limit: String(limit--) });
      return page.items.find((item) => item.id === host.id);
    };
    expect(await shown()).toMatchObject({ name: 'Kept Host', videoCount: 0, aliases: [] });

    await admin(t)
      .put(API_ROUTES.creators)
      .send({
        id: host.id,
        name: 'Kept Renamed',
        socialLinks: [{ url: 'https://twitch.tv/otherkept' }],
        otherNames: [{ name: 'ケプト', lang: 'ja' }],
      })
      .expect(200);
    const renamed = await shown();
    expect(renamed?.name).toBe('Kept Renamed');
    expect(renamed?.socialLinks.map((link) => link.url)).toEqual(['https://twitch.tv/otherkept']);
    expect(renamed?.otherNames).toEqual([{ name: 'ケプト', lang: 'ja' }]);

    const guest = await createCreator(t, 'Kept Guest');
    await createVideo(t, {
      title: 'Kept Together',
      url: 'https://vimeo.com/4242',
      authorIds: [host.id, guest.id],
    });
    expect(await shown()).toMatchObject({ videoCount: 1, collabCount: 1 });

    await admin(t)
      .patch(API_ROUTES.creators)
      .send({ primaryId: host.id, mergeIds: [guest.id] })
      .expect(200);
    expect((await shown())?.aliases).toEqual(['Kept Guest']);
    await undoLatest(t);
    expect((await shown())?.aliases).toEqual([]);

    await admin(t).delete(API_ROUTES.creator(host.id)).expect(200);
    expect(await shown()).toBeUndefined();
  });

  it.each([
    ['limit=0'],
    ['limit=201'],
    ['limit=-1'],
    ['limit=1.5'],
    ['offset=-1'],
    ['offset=x'],
    ['offset=1e3'],
    ['scope=other'],
    ['q=a&q=b'],
    [`q=${'x'.repeat(PAGING.maxTerm + 1)}`],
  ])('answers 400 { error } for %s', async (query) => {
    const response = await t.http().get(`${API_ROUTES.creatorsSearch}?${query}`).expect(400);
    expectErrorBody(response.body);
  });
});

describe('GET /api/videos/search', () => {
  it.each(['', 'solo', 'AGAIN', 'été', 'ann', 'zoë', 'filler', 'x', 'nothing at all'])(
    'answers what Manage Videos filtered for %j (title or author name)',
    async (term) => {
      const expected = clientVideos(await allVideos(), term);
      const page = await videoSearch({ q: term, limit: String(PAGING.maxLimit) });
      expect(page).toEqual({ total: expected.length, items: expected });
    },
  );

  it('pages newest first with the total', async () => {
    const everything = clientVideos(await allVideos(), '');
    const page = await videoSearch({ offset: '3', limit: '4' });
    expect(page).toEqual({ total: everything.length, items: everything.slice(3, 7) });
    expect((await videoSearch({})).items).toHaveLength(Math.min(PAGING.videosPage, everything.length));
  });

  it('with youtube=true lists only the videos on YouTube (the rescan list)', async () => {
    const page = await videoSearch({ youtube: 'true', limit: String(PAGING.maxLimit) });
    expect(page.items.map((v) => v.title)).toEqual(['Été à Paris', 'Solo Morning Show']);
    expect(page.total).toBe(2);
    expect((await videoSearch({ youtube: 'true', q: 'paris' })).items.map((v) => v.title)).toEqual([
      'Été à Paris',
    ]);
  });

  it('reflects a write at once', async () => {
    const before = await videoSearch({ q: 'brand new title' });
    expect(before.total).toBe(0);
    const [creator] = (await search({ q: 'ann bo' })).items;
    const video = await createVideo(t, { title: 'Brand New Title', authorIds: [creator!.id] });
    expect((await videoSearch({ q: 'brand new title' })).items.map((v) => v.id)).toEqual([video.id]);
    await admin(t).delete(API_ROUTES.video(video.id)).expect(200);
    expect((await videoSearch({ q: 'brand new title' })).total).toBe(0);
  });

  it.each([['limit=0'], ['limit=999'], ['offset=-3'], ['youtube=yes'], ['q=a&q=b']])(
    'answers 400 { error } for %s',
    async (query) => {
      const response = await t.http().get(`${API_ROUTES.videosSearch}?${query}`).expect(400);
      expectErrorBody(response.body);
    },
  );
});

describe('GET /api/videos/search/ids', () => {
  const ids = async (query: Record<string, string>): Promise<VideoIds> =>
    (await admin(t).get(API_ROUTES.videosSearchIds).query(query).expect(200)).body;

  it.each([
    [{}],
    [{ q: 'filler' }],
    [{ q: 'ann' }],
    [{ youtube: 'true' }],
    [{ youtube: 'true', q: 'paris' }],
    [{ q: 'nothing at all' }],
    [{ q: 'with:"Ann Bo"' }],
    [{ q: 'with:"Nobody Of That Name"' }],
  ])('answers the ids of every match of the paged search for %j, in its order', async (query) => {
    const page = await videoSearch({ ...query, limit: String(PAGING.maxLimit) });
    expect(page.total).toBeLessThan(PAGING.maxLimit);
    expect(await ids(query)).toEqual({ ids: page.items.map((video) => video.id) });
  });

  it('covers the matches past the first page', async () => {
    const page = await videoSearch({ q: 'filler', limit: '2' });
    const all = await ids({ q: 'filler' });
    expect(page.total).toBe(7);
    expect(all.ids).toHaveLength(7);
    expect(all.ids.slice(0, 2)).toEqual(page.items.map((video) => video.id));
  });

  it('is for admins only', async () => {
    const response = await t.http().get(API_ROUTES.videosSearchIds).expect(401);
    expectErrorBody(response.body);
  });

  it.each([['youtube=yes'], ['q=a&q=b'], [`q=${'x'.repeat(PAGING.maxTerm + 1)}`]])(
    'answers 400 { error } for %s',
    async (query) => {
      const response = await admin(t).get(`${API_ROUTES.videosSearchIds}?${query}`).expect(400);
      expectErrorBody(response.body);
    },
  );
});
