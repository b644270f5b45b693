import {
  API_ROUTES,
  extractVideoId,
  photosRefreshedSummary,
  YOUTUBE_ROUTES,
  type CreatorListItem,
  type Leaderboard,
  type PeriodLeaderboard,
  type Video,
} from '@friends/shared';
import { admin } from './support/helpers';
import { startTestApp, TEST_DB, type TestContext } from './support/test-app';

const read = async (t: TestContext) => ({
  creators: (await t.http().get(API_ROUTES.creators).expect(200)).body as CreatorListItem[],
  videos: (await t.http().get(API_ROUTES.videos).expect(200)).body as Video[],
});

describe('SEED_DEMO=true', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp({ SEED_DEMO: 'true' });
  });
  afterAll(() => t.close());

  it('fills 30 fictional creators and about 90 videos with a realistic structure', async () => {
    const { creators, videos } = await read(t);
    expect(creators).toHaveLength(30);
    expect(videos.length).toBeGreaterThanOrEqual(80);
    expect(creators.filter((c) => c.videoCount > 0 && c.collabCount === 0).length).toBeGreaterThanOrEqual(2); // solo
    expect(creators.filter((c) => c.videoCount === 0)).toEqual([]);
    expect(new Set(videos.map((v) => v.title)).size).toBe(videos.length);
    expect(videos.filter((v) => v.authorIds.length === 2).length).toBeGreaterThan(10); // pairs
    expect(videos.filter((v) => v.authorIds.length >= 3).length).toBeGreaterThan(5); // group videos
    const leaderboard = (await t.http().get(API_ROUTES.leaderboard).expect(200)).body as Leaderboard;
    expect(leaderboard.mostCollaborators[0]!.count).toBeGreaterThanOrEqual(8); // hubs
    const platforms = new Set(creators.flatMap((c) => c.socialLinks.map((l) => l.platform)));
    for (const platform of ['YouTube', 'Instagram', 'Twitter', 'TikTok', 'Twitch'])
      expect(platforms).toContain(platform);
    for (const video of videos) {
      expect(video.url).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=[A-Za-z0-9_-]{11}$/);
      expect(extractVideoId(video.url)).not.toBeNull();
      expect(video.date).toMatch(/^\d{4}-\d\d-\d\d$/);
      expect(video.title.trim()).not.toBe('');
    }
    for (const creator of creators) expect(creator.channel).toMatch(/^https:\/\/www\.youtube\.com\/@\w+$/);
  });

  it.each(['week', 'month', 'year'])(
    'dates the videos up to this week: the %s leaderboard has both lists, a mover and a new pair',
    async (period) => {
      const board = (await t.http().get(`${API_ROUTES.leaderboard}?period=${period}`).expect(200))
        .body as PeriodLeaderboard;
      expect(board.mostCollaborations.length).toBeGreaterThan(0);
      expect(board.mostCollaborators.length).toBeGreaterThan(0);
      expect(
        board.mostCollaborations.filter((e, i) => e.previousRank !== null && e.previousRank !== i + 1).length,
      ).toBeGreaterThan(0);
      expect(board.newPairs.length).toBeGreaterThan(0);
    },
  );

  it('Refresh Photos on the demo creators says why nothing was fetched, without looking anything up', async () => {
    const res = await admin(t).post(YOUTUBE_ROUTES.refreshPhotos).expect(200);
    expect(res.body).toEqual({
      updated: 0,
      upToDate: 0,
      failed: 30,
      notFetched: [{ reason: 'demo', count: 30 }],
      creators: [],
    });
    expect(photosRefreshedSummary(0, 0, res.body.failed, res.body.notFetched)).toBe(
      'Updated 0 profile picture(s). Failed: 30. Not fetched: 30 creators from the demo data (their channels are made up).',
    );
  });

  it('is deterministic and never seeds a database twice', async () => {
    const again = await startTestApp({ SEED_DEMO: 'true' });
    try {
      expect(await read(again)).toEqual(await read(t));
    } finally {
      await again.close();
    }
    const restarted = await startTestApp({ SEED_DEMO: 'true', DATABASE_URL: t.databaseUrl });
    try {
      expect((await read(restarted)).creators).toHaveLength(30);
    } finally {
      await restarted.app.close();
    }
  });
});

describe('SEED_DEMO unset', () => {
  if (TEST_DB === 'sqlite') {
    it('seeds a SQLite file created by this start, and only then', async () => {
      const first = await startTestApp({ SEED_DEMO: undefined });
      try {
        expect((await read(first)).creators).toHaveLength(30);
        await first.http().delete(`${API_ROUTES.creators}?id=1`).set('Cookie', first.cookie).expect(200);
        const restarted = await startTestApp({ SEED_DEMO: undefined, DATABASE_URL: first.databaseUrl });
        try {
          expect((await read(restarted)).creators).toHaveLength(29);
        } finally {
          await restarted.app.close();
        }
      } finally {
        await first.close();
      }
    });
  } else {
    it('does not seed a MySQL/MariaDB database', async () => {
      const t = await startTestApp({ SEED_DEMO: undefined });
      try {
        expect((await read(t)).creators).toEqual([]);
      } finally {
        await t.close();
      }
    });
  }
});

describe('SEED_DEMO=false', () => {
  it('leaves a fresh database empty', async () => {
    const t = await startTestApp({ SEED_DEMO: 'false' });
    try {
      expect(await read(t)).toEqual({ creators: [], videos: [] });
    } finally {
      await t.close();
    }
  });
});
