import {
  ANALYTICS_MAX_LIMIT,
  ANALYTICS_PAGE_SIZE,
  API_ROUTES,
  PAGING,
  buildLeaderboard,
  compareLeaderboardEntries,
  computeCreatorStats,
  frequentCollaborators,
  isCollaboration,
  type Analytics,
  type Creator,
  type CreatorListItem,
  type CreatorProfile,
  type Leaderboard,
  type Video,
} from '@friends/shared';
import { admin, createCreator, createVideo, expectErrorBody } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

/**
 * The aggregates the API computes in SQL against shared's reference definitions (stats.ts), on the
 * same data. Names are ASCII on purpose (see compareLeaderboardEntries), with case-only differences
 * and equal counts so that the tie order is exercised.
 */
let t: TestContext;
let creators: Creator[];
let videos: Video[];

function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

beforeAll(async () => {
  t = await startTestApp();
  const random = generator(7);
  const names = [
    'amy',
    'Amy B',
    'bob',
    'Bobby',
    'BOBBY2',
    'carla',
    'Dev',
    'dev two',
    'Eve',
    'eve-2',
    'Finn',
    'gus',
    'Hal',
    'ivy',
    'Jo',
    'kim',
    'Lou',
    'max',
    'Ned',
    'ola',
    'Pat',
    'quin',
    'Ray',
    'sue',
    'Tom',
  ];
  creators = [];
  for (const name of names) creators.push(await createCreator(t, name));
  videos = [];
  for (let i = 0; i < 120; i++) {
    const size = random() < 0.35 ? 1 : random() < 0.7 ? 2 : 2 + Math.floor(random() * 4);
    const authors: number[] = [];
    while (authors.length < size) {
      // Skewed: the first few creators are hubs.
      const index = Math.floor(Math.pow(random(), 1.8) * (creators.length - 2));
      const id = creators[index]!.id;
      if (!authors.includes(id)) authors.push(id);
    }
    const date =
      random() < 0.1
        ? ''
        : `20${10 + Math.floor(random() * 15)}-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}`;
    videos.push(await createVideo(t, { title: `Video ${i}`, date, authorIds: authors }));
  }
  // The last two creators have no videos.
});
afterAll(() => t.close());

describe('GET /api/creators (counts)', () => {
  it('equals computeCreatorStats for every creator', async () => {
    const list = (await t.http().get(API_ROUTES.creators).expect(200)).body as CreatorListItem[];
    expect(list).toHaveLength(creators.length);
    for (const item of list) {
      const reference = computeCreatorStats(item.id, videos);
      expect({ id: item.id, videoCount: item.videoCount, collabCount: item.collabCount }).toEqual({
        id: item.id,
        videoCount: reference.totalVideos,
        collabCount: reference.collaborations,
      });
    }
  });
});

describe('GET /api/leaderboard', () => {
  it('equals buildLeaderboard on the same data (top 10 each, shared tie order)', async () => {
    const answer = (await t.http().get(API_ROUTES.leaderboard).expect(200)).body as Leaderboard;
    expect(answer).toEqual(buildLeaderboard(creators, videos));
    expect(answer.mostCollaborations).toHaveLength(10);
    expect(answer.mostCollaborators).toHaveLength(10);
  });

  it('orders equal counts by name case-insensitively, then id', async () => {
    const fresh = await startTestApp();
    try {
      const zed = await createCreator(fresh, 'Zed');
      const amy = await createCreator(fresh, 'amy');
      const bob = await createCreator(fresh, 'Bob');
      const amy2 = await createCreator(fresh, 'AMY 2');
      await createVideo(fresh, { authorIds: [zed.id, amy.id, bob.id, amy2.id] });
      const answer = (await fresh.http().get(API_ROUTES.leaderboard).expect(200)).body as Leaderboard;
      expect(answer.mostCollaborations.map((e) => e.name)).toEqual(['amy', 'AMY 2', 'Bob', 'Zed']);
      expect(answer.mostCollaborators.map((e) => e.count)).toEqual([3, 3, 3, 3]);
      expect([...answer.mostCollaborations].sort(compareLeaderboardEntries)).toEqual(
        answer.mostCollaborations,
      );
    } finally {
      await fresh.close();
    }
  });

  it("is empty ('No collaborations yet') without collaborative videos", async () => {
    const fresh = await startTestApp();
    try {
      const solo = await createCreator(fresh, 'Solo');
      await createVideo(fresh, { authorIds: [solo.id] });
      await fresh
        .http()
        .get(API_ROUTES.leaderboard)
        .expect(200, { mostCollaborations: [], mostCollaborators: [] });
    } finally {
      await fresh.close();
    }
  });
});

/** The reference per-creator rows of the analytics page: creators with videos, most videos first. */
function analyticsRows() {
  return creators
    .map((c) => ({ id: c.id, name: c.name, photo: c.photo, stats: computeCreatorStats(c.id, videos) }))
    .filter((c) => c.stats.totalVideos > 0)
    .sort((a, b) =>
      compareLeaderboardEntries({ ...a, count: a.stats.totalVideos }, { ...b, count: b.stats.totalVideos }),
    );
}

const analytics = async (query = ''): Promise<Analytics> =>
  (await t.http().get(`${API_ROUTES.stats}${query}`).expect(200)).body as Analytics;

describe('GET /api/stats', () => {
  it('equals the reference totals, chart and per-creator figures, only creators with videos, most videos first', async () => {
    const answer = await analytics();
    expect(answer.totalCreators).toBe(creators.length);
    expect(answer.totalVideos).toBe(videos.length);
    expect(answer.collaborations).toBe(videos.filter(isCollaboration).length);
    expect(answer.mostConnected).toEqual(buildLeaderboard(creators, videos).mostCollaborators);
    const expected = analyticsRows();
    // Every row fits in the first page of ANALYTICS_PAGE_SIZE.
    expect(answer).toMatchObject({
      creatorsWithVideos: expected.length,
      offset: 0,
      limit: ANALYTICS_PAGE_SIZE,
    });
    expect(answer.creators).toEqual(expected);
    expect(answer.creators.length).toBeLessThan(creators.length);
  });

  it('answers the page ?offset=&limit= asks for, with the totals on every page', async () => {
    const expected = analyticsRows();
    const n = expected.length; // 23: 25 creators, the last two without videos
    expect(n % 5).not.toBe(0);
    const first = await analytics('?limit=5');
    expect(first).toMatchObject({ offset: 0, limit: 5, creatorsWithVideos: n });
    expect(first.creators).toEqual(expected.slice(0, 5));
    const later = await analytics('?offset=5&limit=5');
    expect(later.creators).toEqual(expected.slice(5, 10));
    expect({ ...later, creators: [], offset: 0 }).toEqual({ ...first, creators: [] });
    const lastOffset = n - (n % 5);
    const last = await analytics(`?offset=${lastOffset}&limit=5`);
    expect(last.creators).toEqual(expected.slice(lastOffset));
    expect(last.creators).toHaveLength(n % 5);
    const past = await analytics(`?offset=${n}`);
    expect(past).toMatchObject({
      offset: n,
      limit: ANALYTICS_PAGE_SIZE,
      creatorsWithVideos: n,
      creators: [],
    });
    // Past the rows and up to a visitor's window (PAGING.visitorWindow): an empty page.
    expect((await analytics(`?offset=${PAGING.visitorWindow - 1}&limit=1`)).creators).toEqual([]);
    expect((await analytics(`?offset=0&limit=${ANALYTICS_MAX_LIMIT}`)).creators).toEqual(expected);
  });

  it.each([
    'offset=-1',
    'offset=1e2',
    'offset=1.5',
    'offset=abc',
    'offset=',
    'offset=1&offset=2',
    'limit=0',
    `limit=${ANALYTICS_MAX_LIMIT + 1}`,
    'limit=-5',
    'limit=ten',
    'offset=0&limit=5&limit=6',
  ])('answers 400 with an error for ?%s', async (query) => {
    const response = await t.http().get(`${API_ROUTES.stats}?${query}`).expect(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expectErrorBody(response.body);
    expect(response.body.error).toMatch(/^(offset|limit) must be a whole number/);
  });
});

describe('GET /api/creators/:id/profile (figures)', () => {
  it('equals computeCreatorStats and frequentCollaborators, videos newest first', async () => {
    for (const creator of creators.slice(0, 8)) {
      const profile = (await t.http().get(API_ROUTES.creatorProfile(creator.id)).expect(200))
        .body as CreatorProfile;
      expect(profile.stats).toEqual(computeCreatorStats(creator.id, videos));
      expect(profile.frequentCollaborators.map(({ id, count }) => ({ id, count }))).toEqual(
        frequentCollaborators(creator.id, videos),
      );
      const mine = videos.filter((v) => v.authorIds.includes(creator.id));
      expect(profile.videos.map((v) => v.id).sort((a, b) => a - b)).toEqual(mine.map((v) => v.id));
      const dates = profile.videos.map((v) => v.date).filter(Boolean);
      expect(dates).toEqual([...dates].sort().reverse());
      const firstUndated = profile.videos.findIndex((v) => !v.date);
      if (firstUndated >= 0) expect(profile.videos.slice(firstUndated).every((v) => !v.date)).toBe(true);
    }
  });
});

describe('aggregate cache', () => {
  it('is invalidated by every write to a table it reads', async () => {
    const [a, b] = creators;
    const newcomer = creators[creators.length - 1]!; // no videos yet
    const before = (await t.http().get(API_ROUTES.stats).expect(200)).body as Analytics;
    const pageBefore = await analytics('?offset=20&limit=5');
    expect(pageBefore.creators.some((c) => c.id === newcomer.id)).toBe(false);
    const leaderboardBefore = (await t.http().get(API_ROUTES.leaderboard).expect(200)).body as Leaderboard;
    const profileBefore = (await t.http().get(API_ROUTES.creatorProfile(a!.id)).expect(200))
      .body as CreatorProfile;
    const video = await createVideo(t, {
      title: 'Cache buster',
      date: '2099-01-01',
      authorIds: [a!.id, b!.id, newcomer.id],
    });
    videos.push(video);
    const after = (await t.http().get(API_ROUTES.stats).expect(200)).body as Analytics;
    expect(after.totalVideos).toBe(before.totalVideos + 1);
    expect(after.collaborations).toBe(before.collaborations + 1);
    expect(after.creatorsWithVideos).toBe(before.creatorsWithVideos + 1);
    expect(after.creators).toEqual(analyticsRows().slice(0, ANALYTICS_PAGE_SIZE));
    const pageAfter = await analytics('?offset=20&limit=5');
    expect(pageAfter.creators).toEqual(analyticsRows().slice(20, 25));
    expect(pageAfter.creators).toHaveLength(pageBefore.creators.length + 1);
    expect((await t.http().get(API_ROUTES.leaderboard).expect(200)).body).toEqual(
      buildLeaderboard(creators, videos),
    );
    expect((await t.http().get(API_ROUTES.leaderboard).expect(200)).body).not.toEqual(leaderboardBefore);
    const profileAfter = (await t.http().get(API_ROUTES.creatorProfile(a!.id)).expect(200))
      .body as CreatorProfile;
    expect(profileAfter.videos[0]!.id).toBe(video.id);
    expect(profileAfter.stats.totalVideos).toBe(profileBefore.stats.totalVideos + 1);
    const list = (await t.http().get(API_ROUTES.creators).expect(200)).body as CreatorListItem[];
    expect(list.find((c) => c.id === a!.id)?.videoCount).toBe(profileAfter.stats.totalVideos);

    await admin(t).put(API_ROUTES.creators).send({ id: a!.id, name: 'amy renamed' }).expect(200);
    const renamed = (await t.http().get(API_ROUTES.creatorProfile(b!.id)).expect(200)).body as CreatorProfile;
    expect(renamed.videos[0]!.authors[0]).toEqual({
      id: a!.id,
      name: 'amy renamed',
      role: 'host',
      creditedAs: null,
    });
  });
});
