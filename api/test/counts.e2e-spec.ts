/**
 * The counts kept on write (creator_counts, video_counts, count_totals; see
 * src/counts/counts.service.ts) always equal a recomputation from scratch. fast-check runs random
 * sequences of every kind of write through the real HTTP API — creator create / edit / delete / merge,
 * video create / edit / delete, bulk deletes, concurrent creates, YouTube imports and rescans (against
 * the local fake), undoing a recent change, a wipe-and-restore of the backup, and rejected requests — and after each sequence
 * compares the stored counts, and what /api/stats, the leaderboard, the creator list and the profiles
 * answer, with shared's reference definitions computed over the rows in the database.
 */
import fc from 'fast-check';
import {
  API_ROUTES,
  BACKUP_ROUTES,
  HISTORY_ROUTES,
  YOUTUBE_ROUTES,
  buildLeaderboard,
  computeCreatorStats,
  type Analytics,
  type CreatorListItem,
  type CreatorProfile,
  type HistoryPage,
  type Leaderboard,
  type VideoAuthorship,
} from '@friends/shared';
import { CountsService } from '../src/counts/counts.service';
import { TransactionRunner } from '../src/database/transaction-runner.service';
import { admin } from './support/helpers';
import { FakeYouTube, MAIN_CHANNEL_ID, startFakeYouTube } from './support/fake-youtube';
import { startTestApp, TEST_DB, type TestContext } from './support/test-app';

let fake: FakeYouTube;
let t: TestContext;
let youtubeIds: string[];

beforeAll(async () => {
  fake = await startFakeYouTube();
  t = await startTestApp({
    YOUTUBE_API_KEY: fake.apiKey,
    YOUTUBE_API_BASE_URL: fake.url,
    YOUTUBE_OEMBED_URL: fake.oembedUrl,
    INSTAGRAM_BASE_URL: fake.instagramUrl,
  });
  youtubeIds = fake.data.videos.filter((v) => v.channelId === MAIN_CHANNEL_ID).map((v) => v.id);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const NAMES = ['Ada', 'ada', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jo Ann', 'Kit'];

type Op =
  | { kind: 'createCreator'; name: string }
  | { kind: 'editCreator'; pick: number; name: string }
  | { kind: 'deleteCreator'; pick: number }
  | { kind: 'merge'; pick: number; others: number[] }
  | { kind: 'createVideo'; authors: number[] }
  | { kind: 'createVideoUnknownAuthor'; authors: number[] }
  | { kind: 'concurrentVideos'; videos: number[][] }
  | { kind: 'editVideo'; pick: number; authors: number[] }
  | { kind: 'deleteVideo'; pick: number }
  | { kind: 'bulkDelete'; creators: number[]; videos: number[] }
  | { kind: 'import'; picks: number[] }
  | { kind: 'rescan'; picks: number[] }
  | { kind: 'undo'; pick: number }
  | { kind: 'restore' };

const pick = fc.nat(1000);
const picks = (max: number) => fc.array(pick, { minLength: 1, maxLength: max });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('createCreator' as const), name: fc.constantFrom(...NAMES) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('editCreator' as const),
      pick,
      name: fc.constantFrom(...NAMES),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('deleteCreator' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('merge' as const), pick, others: picks(3) }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('createVideo' as const), authors: picks(4) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('createVideoUnknownAuthor' as const), authors: picks(3) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('concurrentVideos' as const),
      videos: fc.array(picks(3), { minLength: 2, maxLength: 5 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('editVideo' as const), pick, authors: picks(4) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('deleteVideo' as const), pick }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('bulkDelete' as const),
      creators: fc.array(pick, { maxLength: 3 }),
      videos: fc.array(pick, { maxLength: 4 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('import' as const), picks: picks(4) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rescan' as const), picks: picks(3) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('undo' as const), pick: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'restore' as const }) },
);

async function ids(table: 'creators' | 'videos'): Promise<number[]> {
  return (await t.query<{ id: number }>(`SELECT id FROM ${table} ORDER BY id`)).map((row) => Number(row.id));
}

/** A video's date: one in three undated, the others on a few days (so edits move a video's place). */
const dated = (n: number): string => (n % 3 === 0 ? '' : `2024-0${1 + (n % 9)}-1${n % 10}`);
/** The `n`th of `list` (modulo its length), or none when it is empty. */
const nth = (list: number[], n: number): number | undefined =>
  list.length ? list[n % list.length] : undefined;
const distinct = (list: (number | undefined)[]): number[] => [
  ...new Set(list.filter((id): id is number => id !== undefined)),
];

/** Applies one operation; answers other than success are allowed (a conflict, a rejected request). */
async function apply(step: Op, counter: { n: number }): Promise<void> {
  const http = admin(t);
  const creators = await ids('creators');
  const videos = await ids('videos');
  const authors = (list: number[]) => distinct(list.map((n) => nth(creators, n)));
  const ok = (status: number) => expect(status).toBeLessThan(500);
  switch (step.kind) {
    case 'createCreator':
      return ok((await http.post(API_ROUTES.creators).send({ name: step.name })).status);
    case 'editCreator': {
      const id = nth(creators, step.pick);
      if (id !== undefined) ok((await http.put(API_ROUTES.creators).send({ id, name: step.name })).status);
      return;
    }
    case 'deleteCreator': {
      const id = nth(creators, step.pick);
      if (id !== undefined) ok((await http.delete(API_ROUTES.creator(id))).status);
      return;
    }
    case 'merge': {
      const primaryId = nth(creators, step.pick);
      const mergeIds = authors(step.others).filter((id) => id !== primaryId);
      if (primaryId !== undefined && mergeIds.length)
        ok((await http.patch(API_ROUTES.creators).send({ primaryId, mergeIds })).status);
      return;
    }
    case 'createVideo': {
      const authorIds = authors(step.authors);
      if (authorIds.length)
        ok(
          (
            await http
              .post(API_ROUTES.videos)
              .send({ title: `Video ${++counter.n}`, authorIds, date: dated(counter.n) })
          ).status,
        );
      return;
    }
    case 'createVideoUnknownAuthor': {
      // Rejected as a whole (400): nothing of it may be counted.
      const authorIds = [...authors(step.authors), 999_999];
      const response = await http.post(API_ROUTES.videos).send({ title: `Video ${++counter.n}`, authorIds });
      expect(response.status).toBe(400);
      return;
    }
    case 'concurrentVideos': {
      const bodies = step.videos
        .map((list) => authors(list))
        .filter((list) => list.length)
        .map((authorIds) => ({ title: `Video ${++counter.n}`, authorIds }));
      const answers = await Promise.all(bodies.map((body) => http.post(API_ROUTES.videos).send(body)));
      for (const answer of answers) expect(answer.status).toBe(201);
      return;
    }
    case 'editVideo': {
      const id = nth(videos, step.pick);
      const authorIds = authors(step.authors);
      if (id !== undefined && authorIds.length)
        ok(
          (
            await http
              .put(API_ROUTES.videos)
              .send({ id, title: `Edited ${id}`, authorIds, date: dated(++counter.n) })
          ).status,
        );
      return;
    }
    case 'deleteVideo': {
      const id = nth(videos, step.pick);
      if (id !== undefined) ok((await http.delete(API_ROUTES.video(id))).status);
      return;
    }
    case 'bulkDelete': {
      // Videos as one change (the bulk route), creators one request each, at the same time.
      const doomedVideos = distinct(step.videos.map((n) => nth(videos, n)));
      const doomedCreators = authors(step.creators);
      await Promise.all([
        ...(doomedVideos.length
          ? [http.post(HISTORY_ROUTES.videosBulkDelete).send({ ids: doomedVideos })]
          : []),
        ...doomedCreators.map((id) => http.delete(API_ROUTES.creator(id))),
      ]).then((answers) => answers.forEach((answer) => ok(answer.status)));
      return;
    }
    case 'import': {
      const items = distinct(step.picks.map((n) => n % youtubeIds.length)).map((i) => ({
        id: youtubeIds[i],
      }));
      const response = await http.post(YOUTUBE_ROUTES.import).send({ items });
      expect(response.status).toBe(200);
      return;
    }
    case 'rescan': {
      const videoIds = distinct(step.picks.map((n) => nth(videos, n)));
      if (videoIds.length)
        expect((await http.post(YOUTUBE_ROUTES.rescan).send({ videoIds })).status).toBe(200);
      return;
    }
    case 'undo': {
      // One of the latest changes still undoable; 409 when a later change depends on it.
      const page = (await http.get(`${HISTORY_ROUTES.history}?limit=10`)).body as HistoryPage;
      const undoable = page.items.filter((item) => item.undoable);
      const entry = undoable[step.pick % Math.max(1, undoable.length)];
      if (entry) expect([200, 201, 409]).toContain((await http.post(HISTORY_ROUTES.undo(entry.id))).status);
      return;
    }
    case 'restore': {
      const backup = await http.get(BACKUP_ROUTES.backup);
      expect(backup.status).toBe(200);
      for (const id of videos) ok((await http.delete(API_ROUTES.video(id))).status);
      for (const id of creators) ok((await http.delete(API_ROUTES.creator(id))).status);
      const restored = await http.post(BACKUP_ROUTES.backup).send(backup.body as object);
      expect(restored.status).toBe(201);
      return;
    }
  }
}

/** Shared's reference figures over the rows the database holds now. */
async function reference() {
  const creators = await t.query<{ id: number; name: string; photo: string }>(
    'SELECT id, name, photo FROM creators',
  );
  const byVideo = new Map<number, number[]>();
  for (const row of await t.query<{ id: number }>('SELECT id FROM videos')) byVideo.set(Number(row.id), []);
  for (const row of await t.query<{ video_id: number; creator_id: number }>(
    'SELECT video_id, creator_id FROM video_authors',
  ))
    byVideo.get(Number(row.video_id))?.push(Number(row.creator_id));
  const videos: VideoAuthorship[] = [...byVideo].map(([id, authorIds]) => ({ id, authorIds }));
  const stats = new Map(creators.map((c) => [Number(c.id), computeCreatorStats(Number(c.id), videos)]));
  return {
    creators: creators.map((c) => ({ id: Number(c.id), name: c.name, photo: c.photo })),
    videos,
    stats,
    leaderboard: buildLeaderboard(
      creators.map((c) => ({ id: Number(c.id), name: c.name, photo: c.photo })),
      videos,
    ),
  };
}

async function expectCountsRight(): Promise<void> {
  const expected = await reference();

  // The stored rows themselves.
  const stored = await t.query<{
    creator_id: number;
    videos: number;
    collaborations: number;
    collaborators: number;
  }>('SELECT creator_id, videos, collaborations, collaborators FROM creator_counts ORDER BY creator_id');
  expect(
    stored.map((row) => [
      Number(row.creator_id),
      Number(row.videos),
      Number(row.collaborations),
      Number(row.collaborators),
    ]),
  ).toEqual(
    [...expected.stats]
      .sort(([a], [b]) => a - b)
      .map(([id, s]) => [id, s.totalVideos, s.collaborations, s.collaborators]),
  );
  const storedVideos = await t.query<{ video_id: number; authors: number }>(
    'SELECT video_id, authors FROM video_counts ORDER BY video_id',
  );
  expect(storedVideos.map((row) => [Number(row.video_id), Number(row.authors)])).toEqual(
    expected.videos
      .map((v) => [v.id, new Set(v.authorIds).size])
      .sort(([a], [b]) => (a as number) - (b as number)),
  );
  const drift = await t.app.get(TransactionRunner).read((manager) => t.app.get(CountsService).drift(manager));
  expect(drift).toEqual({ creators: 0, eventCounts: 0, videos: 0, pairs: 0, videoDates: 0, totals: [] });

  // What the API answers from them.
  const analytics = (await t.http().get(`${API_ROUTES.stats}?offset=0&limit=500`)).body as Analytics;
  expect({
    totalCreators: analytics.totalCreators,
    totalVideos: analytics.totalVideos,
    collaborations: analytics.collaborations,
    creatorsWithVideos: analytics.creatorsWithVideos,
  }).toEqual({
    totalCreators: expected.creators.length,
    totalVideos: expected.videos.length,
    collaborations: expected.videos.filter((v) => new Set(v.authorIds).size > 1).length,
    creatorsWithVideos: [...expected.stats.values()].filter((s) => s.totalVideos > 0).length,
  });
  for (const row of analytics.creators) expect(row.stats).toEqual(expected.stats.get(row.id));
  // Tie order by name is SQL's LOWER (ASCII only on SQLite) and imported names are not all ASCII: the
  // counts in order are compared, and every listed creator's count.
  const leaderboard = (await t.http().get(API_ROUTES.leaderboard)).body as Leaderboard;
  for (const key of ['mostCollaborations', 'mostCollaborators'] as const) {
    expect(leaderboard[key].map((e) => e.count)).toEqual(expected.leaderboard[key].map((e) => e.count));
    for (const entry of leaderboard[key]) {
      const own = expected.stats.get(entry.id);
      expect(entry.count).toBe(key === 'mostCollaborations' ? own?.collaborations : own?.collaborators);
    }
  }
  const list = (await t.http().get(API_ROUTES.creators)).body as CreatorListItem[];
  for (const creator of list) {
    const own = expected.stats.get(creator.id);
    expect([creator.videoCount, creator.collabCount]).toEqual([own?.totalVideos, own?.collaborations]);
  }
  for (const { id } of expected.creators.slice(0, 5)) {
    const profile = (await t.http().get(API_ROUTES.creatorProfile(id))).body as CreatorProfile;
    expect(profile.stats).toEqual(expected.stats.get(id));
  }
}

describe(`counts kept on write (${TEST_DB})`, () => {
  it('equal a recomputation from scratch after random sequences of every kind of write', async () => {
    const counter = { n: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (steps) => {
        // Each run starts from right counts, so a shrunk counterexample is the sequence that broke them.
        await t.app.get(TransactionRunner).write((manager) => t.app.get(CountsService).rebuild(manager));
        for (const step of steps) await apply(step, counter);
        await expectCountsRight();
      }),
      {
        numRuns: TEST_DB === 'sqlite' ? 40 : 20,
        seed: Number(process.env.FC_SEED ?? Date.now() % 1_000_000),
      },
    );
  }, 600_000);

  it('are found wrong after a write behind the API, and the repair recomputes them', async () => {
    const http = admin(t);
    const a = (await http.post(API_ROUTES.creators).send({ name: 'Repair A' })).body as { id: number };
    const b = (await http.post(API_ROUTES.creators).send({ name: 'Repair B' })).body as { id: number };
    expect(
      (await http.post(API_ROUTES.videos).send({ title: 'Repair', authorIds: [a.id, b.id] })).status,
    ).toBe(201);
    await t.query('DELETE FROM video_authors WHERE creator_id = ?', [b.id]);
    await t.query('UPDATE count_totals SET videos = videos + 5');
    const runner = t.app.get(TransactionRunner);
    const counts = t.app.get(CountsService);
    const drift = await runner.read((manager) => counts.drift(manager));
    expect(drift).toEqual({
      creators: 2,
      // The video is no collaboration any more: neither creator has an event left.
      eventCounts: 2,
      videos: 1,
      // The pair is gone from the authorships, not from its stored rows (one per direction).
      pairs: 2,
      // B's dated authorship is still kept for the profile's order.
      videoDates: 1,
      totals: ['videos', 'collaborations', 'creatorsWithVideos'],
    });
    await runner.write((manager) => counts.rebuild(manager));
    await expectCountsRight();
  });
});
